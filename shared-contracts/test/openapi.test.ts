// The OpenAPI document (§7 route table, §8 error catalogue): what Redocly's recommended lint asks of it
// (`pnpm lint:openapi` runs the lint itself) and what a reader of the API reference relies on.
import { apiRoutes, ERROR_STATUS, NEVER_SENT_ERROR_CODES, type RouteName } from '../src/server';
import { buildOpenApiDocument } from '../src/openapi';

type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<string, { schema: unknown; examples?: Record<string, { value: { statusCode: number; code: string } }> }>;
    }
  >;
};
interface Doc {
  info: { title: string; version: string; description: string; license?: { name: string; identifier?: string; url?: string } };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const doc = buildOpenApiDocument() as unknown as Doc;
const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
const operation = (name: RouteName) => {
  const def = apiRoutes[name];
  return doc.paths[def.path.replace(/:([A-Za-z_]+)/g, '{$1}')][def.method.toLowerCase()];
};
const codesAt = (name: RouteName, status: number) =>
  Object.values(operation(name).responses[String(status)]?.content?.['application/json'].examples ?? {}).map((e) => e.value.code);

describe('OpenAPI document: lint requirements', () => {
  it('has a licence, a server and a description for every tag in use', () => {
    expect(doc.info.license).toEqual({ name: expect.stringMatching(/Proprietary/), identifier: expect.stringMatching(/^LicenseRef-/) });
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const used = new Set(operations.flatMap((op) => op.tags));
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(10);
  });

  it('lists the error codes the API sends, and names the catalogue’s never-sent ones (ERR_IM_A_TEAPOT…) apart, as never sent', () => {
    const [sentList, neverSentLine] = doc.info.description.split('\n\n').filter((p) => p.includes('ERR_VALIDATION') || p.includes('ERR_IM_A_TEAPOT'));
    expect(sentList).toContain('ERR_PAIR_NOT_ACTIVE');
    for (const code of NEVER_SENT_ERROR_CODES) {
      expect(sentList).not.toContain(code);
      expect(neverSentLine).toContain(code);
    }
    expect(neverSentLine).toMatch(/never sends them/);
    // and no operation lists one among its answers
    const answered = operations.flatMap((op) =>
      Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).flatMap((c) => Object.values(c.examples ?? {}).map((e) => e.value.code))),
    );
    expect(answered).toContain('ERR_VALIDATION');
    for (const code of NEVER_SENT_ERROR_CODES) expect(answered).not.toContain(code);
  });

  it('documents a 4xx answer in the catalogue shape on every operation', () => {
    expect(operations).toHaveLength(Object.keys(apiRoutes).length);
    for (const op of operations) {
      const clientErrors = Object.keys(op.responses).filter((s) => /^4\d\d$/.test(s));
      expect({ op: op.operationId, clientErrors: clientErrors.length > 0 }).toEqual({ op: op.operationId, clientErrors: true });
      for (const status of clientErrors) {
        const media = op.responses[status].content?.['application/json'];
        expect(media?.schema).toEqual({ $ref: '#/components/schemas/ApiError' });
        for (const example of Object.values(media?.examples ?? {})) expect(example.value.statusCode).toBe(Number(status));
      }
    }
  });

  it('uses each route name as its operationId, once', () => {
    expect(operations.map((op) => op.operationId).sort()).toEqual(Object.keys(apiRoutes).sort());
  });

  it('keeps only the components something refers to, and every reference resolves', () => {
    const text = JSON.stringify({ paths: doc.paths, webhooks: (doc as { webhooks?: unknown }).webhooks, components: doc.components });
    const refs = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...refs].sort());
  });

  it('declares the webhook bodies and the signature headers a receiver gets (issue 29)', () => {
    const webhooks = (
      doc as unknown as {
        webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
      }
    ).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(['order.status_changed', 'webhook.test']);
    expect(webhooks['order.status_changed'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/OrderWebhookEvent');
    expect(webhooks['webhook.test'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/TestWebhookEvent');
    expect(webhooks['order.status_changed'].post.parameters.map((p) => p.name)).toEqual([
      'X-Coinferry-Signature',
      'X-Coinferry-Timestamp',
      'X-Coinferry-Event-Id',
    ]);
  });

  it('spells out the keys of a record over an enum (the SEO texts per locale)', () => {
    const data = (operation('seo').responses['200'].content!['application/json'].schema as { properties: { data: { properties: object; required: string[] } } })
      .properties.data;
    expect(Object.keys(data.properties).sort()).toEqual([...data.required].sort());
  });
});

describe('OpenAPI document: the answers each kind of route can give (§8)', () => {
  it('account routes: 401 without a session; admin routes also 403 ERR_NOT_ENOUGH_PERMISSIONS', () => {
    expect(codesAt('accountData', 401)).toEqual(['ERR_UNAUTHORIZED']);
    expect(operation('accountData').security).toEqual([{ cookieAuth: [] }]);
    expect(codesAt('adminKycList', 401)).toEqual(['ERR_UNAUTHORIZED']);
    expect(codesAt('adminKycList', 403)).toEqual(['ERR_NOT_ENOUGH_PERMISSIONS']);
    expect(codesAt('adminIncidentUpdate', 404)).toEqual(['ERR_NOT_FOUND']);
  });

  it('partner routes: the x-api-key scheme, 401, 403 and the per-key 429 with Retry-After', () => {
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'access_token' });
    const op = operation('partnerOrder');
    expect(op.security).toEqual([{ apiKeyAuth: [] }]);
    expect(codesAt('partnerOrder', 401)).toEqual(['ERR_UNAUTHORIZED']);
    expect(codesAt('partnerOrder', 403)).toEqual(['ERR_FORBIDDEN', 'ERR_EMAIL_NOT_CONFIRMED']);
    expect(codesAt('partnerOrder', 404)).toEqual(['ERR_NOT_FOUND']);
    expect(codesAt('partnerOrder', 429)).toEqual(['ERR_TOO_MANY_REQUESTS']);
    expect(op.responses['429'].headers).toHaveProperty('Retry-After');
    expect(op.responses['200'].headers).toHaveProperty('RateLimit-Remaining');
  });

  it('public routes: 400 ERR_VALIDATION always, 404 where a resource can be missing, no 401', () => {
    expect(codesAt('blogEntry', 400)).toEqual(['ERR_VALIDATION']);
    expect(codesAt('blogEntry', 404)).toEqual(['ERR_NOT_FOUND']);
    expect(codesAt('docsPage', 404)).toEqual(['ERR_NOT_FOUND']);
    expect(codesAt('orderPublicInfo', 404)).toEqual(['ERR_NOT_FOUND_E']);
    expect(operation('statusPage').responses).not.toHaveProperty('401');
    expect(operation('statusPage').security).toEqual([]);
  });

  it('rate-limited routes answer 429; the order form documents the quote refusals', () => {
    expect(codesAt('supportOrderLookup', 429)).toEqual(['ERR_TOO_MANY_REQUESTS']);
    // Issue 24: with two-factor authentication on, sign-in also needs (a valid, unused) authenticator code.
    expect(codesAt('login', 401)).toEqual(['ERR_INVALID_CREDENTIALS', 'ERR_TWO_FACTOR_REQUIRED', 'ERR_INVALID_TWO_FACTOR_CODE']);
    expect(codesAt('stepUp', 401)).toEqual(expect.arrayContaining(['ERR_INVALID_CREDENTIALS', 'ERR_TWO_FACTOR_REQUIRED', 'ERR_INVALID_TWO_FACTOR_CODE']));
    expect(codesAt('twoFactorSetup', 403)).toContain('ERR_STEP_UP_REQUIRED');
    expect(codesAt('orderCreate', 400)).toEqual(
      expect.arrayContaining([
        'ERR_VALIDATION',
        'ERR_BAD_REQUEST',
        'ERR_PAIR_NOT_ACTIVE',
        'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL',
        'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG',
      ]),
    );
    expect(operation('orderCreate').security).toEqual([{ cookieAuth: [] }, {}]);
    expect(codesAt('statusPage', 429)).toEqual([]);
  });

  it('answers each documented code with its catalogue status (413 and 415 are Fastify’s own body refusals)', () => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const example of Object.values(response.content!['application/json'].examples ?? {})) {
          expect({ op: op.operationId, code: example.value.code, status: Number(status) }).toEqual({
            op: op.operationId,
            code: example.value.code,
            status: status === '413' || status === '415' ? Number(status) : ERROR_STATUS[example.value.code as keyof typeof ERROR_STATUS],
          });
        }
      }
    }
  });

  it('points the server at the public origin when one is given', () => {
    const withOrigin = buildOpenApiDocument({ serverUrl: 'https://coinferry.example/' }) as unknown as Doc;
    expect(withOrigin.servers[0].url).toBe('https://coinferry.example');
  });
});
