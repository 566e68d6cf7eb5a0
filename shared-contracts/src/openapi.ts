// OpenAPI 3.1 document generated from the route table (§7) with the §8 error catalogue; mfe-docs renders it with
// redoc and the api serves it at GET /api/v1/openapi.json. It must pass Redocly CLI's `recommended` lint with no
// error and no warning (`pnpm lint:openapi`): every operation documents the 4xx answers it can really give.
import { z } from 'zod';
import { CONTRACT_VERSION } from './contractVersion';
import { ERROR_CODES, NEVER_SENT_ERROR_CODES } from './errors';
import { errorResponsesOf } from './openapiErrors';
import { apiRoutes, type RouteDef, type RouteName } from './routes';
import { ApiErrorBodySchema, OrderWebhookEventSchema, TestWebhookEventSchema } from './schemas';

type JsonSchema = Record<string, unknown>;

/** Per-key limits of the partner API (IETF RateLimit header fields draft). */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window for this key', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

/**
 * Request headers a route reads besides its security scheme, declared as typed header parameters so a client generated
 * from the document sends them typed (issue 29). The request signature (issue 24, api modules/keys/signature.ts) is
 * optional on every partner call (required by a key set to require signatures); Idempotency-Key is per route.
 */
const SIGNATURE_HEADER_PARAMETERS = [
  {
    name: 'X-Signature',
    in: 'header',
    required: false,
    description:
      'Hex HMAC-SHA256, keyed with the key’s signing secret, of METHOD, path with query, X-Timestamp, X-Nonce and the raw body joined by line feeds (see /docs/authentication). Send it with X-Timestamp and X-Nonce; required when the key requires signatures.',
    schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
  },
  {
    name: 'X-Timestamp',
    in: 'header',
    required: false,
    description: 'The request’s Unix time in seconds (within ±300 s of the server’s clock); part of the signature.',
    example: '1767225600',
    schema: { type: 'string', pattern: '^\\d{1,12}$' },
  },
  {
    name: 'X-Nonce',
    in: 'header',
    required: false,
    description: 'A value new for every signed request of the key (16–64 of A–Z a–z 0–9 _ -); part of the signature.',
    example: 'b9f1c2d3e4f5a6b7',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' },
  },
] as const;

/**
 * The partner key itself, also declared as a header parameter beside the apiKeyAuth scheme: generators type parameters,
 * not security schemes (openapi-typescript gives a scheme no type), so a generated client can send it typed too. Not
 * `required` here: the scheme already requires it, and a client that sets it once for every call (a default header,
 * a middleware) must not have to repeat it per call.
 */
const API_KEY_HEADER_PARAMETER = {
  name: 'x-api-key',
  in: 'header',
  required: false,
  description: 'The partner API key (the apiKeyAuth scheme, which requires it): made on /profile/keys.',
  schema: { type: 'string', minLength: 1 },
} as const;

/** Issue 29: what every webhook delivery carries (api modules/webhooks/signing.ts, /docs/webhooks). */
const WEBHOOK_HEADER_PARAMETERS = [
  {
    name: 'X-Coinferry-Signature',
    in: 'header',
    required: true,
    description:
      't=<unix seconds>,v1=<hex HMAC-SHA256, keyed with the webhook’s secret, of "<t>.<raw body>">: recompute it over the raw body and refuse a t more than five minutes from your clock.',
    schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
  },
  { name: 'X-Coinferry-Timestamp', in: 'header', required: true, description: 'The t of the signature.', schema: { type: 'string', pattern: '^\\d+$' } },
  {
    name: 'X-Coinferry-Event-Id',
    in: 'header',
    required: true,
    description: 'The event’s id (the body’s `id`): the same on every retry and replay.',
    schema: { type: 'string' },
  },
] as const;

/** The routes that read an Idempotency-Key header (api modules/orders/creation.ts, affiliates/withdrawals.ts): required or optional. */
const IDEMPOTENCY_KEY_ROUTES: Partial<Record<RouteName, 'required' | 'optional'>> = {
  orderCreate: 'optional',
  affiliateWithdraw: 'required',
  partnerOrderCreate: 'required',
};

function idempotencyKeyParameter(required: boolean): Record<string, unknown> {
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required,
    description: `A key of yours for this request (1–128 printable ASCII characters)${required ? '' : ', optional'}: a retry with the same key and request within 24 h answers the first result instead of acting twice (an order's key lives 24 h); the same key with a different request is refused (422).`,
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]{1,128}$' },
  };
}

/** One line per tag of the route table, shown by Redoc as the group's introduction. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  orders: 'Create an exchange order and follow it: look it up by id and destination address, attach an email, request a refund, accept a new rate.',
  instruments: 'Currencies and networks the exchange trades, and address validation.',
  rates: 'Quotes: the rate, limits and fees of a pair for an amount.',
  pairs: 'Tradable pairs, the default pair and the popular ones.',
  stats: 'Public statistics and the latest completed exchanges.',
  health: 'Service health and liveness.',
  account: 'Registration, sign-in (session cookies), password reset, email confirmation and the signed-in user’s orders.',
  affiliate: 'The affiliate and cashback programme: referral id, balances, accruals and withdrawals.',
  keys: 'API keys of the signed-in account for the partner API (made on /profile/keys).',
  kyc: 'Identity verification of the signed-in account.',
  card: 'Buying crypto with a card through a liquidity provider.',
  partner:
    'The partner API, authenticated by the `x-api-key` header (never by cookies), each key limited per minute (RateLimit-* headers). Orders created here are attributed to the key’s owner.',
  content: 'Site content: blog, documentation, roadmap, FAQ, images, SEO texts, redirects and this document.',
  support: 'Support requests and the order lookup by deposit transaction hash.',
  status: 'The public status page: health now, its daily history and incidents.',
  analytics: 'The first-party analytics sink of the §4 events.',
  admin: 'Administration: needs a session with the ADMIN permission.',
};

/** The catalogue codes this API can answer with: the reference lists these, and the never-sent ones apart. */
const SENT_ERROR_CODES = ERROR_CODES.filter((code) => !NEVER_SENT_ERROR_CODES.includes(code));

/**
 * A zod record over an enum of keys (e.g. `z.record(z.enum(SUPPORTED_LOCALES), …)`) becomes JSON Schema with
 * `propertyNames` and `required` but no `properties`; spelled out as properties, so tools see each key.
 */
function spellOutEnumRecord(schema: JsonSchema): JsonSchema {
  const names = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const each = schema.additionalProperties;
  if (schema.properties || !Array.isArray(names) || !each || typeof each !== 'object') return schema;
  const { propertyNames: _names, additionalProperties: _each, ...rest } = schema;
  return { ...rest, properties: Object.fromEntries(names.map((n) => [String(n), each])), additionalProperties: false };
}

/**
 * Schemas with a `.meta({ id })` become components. zod emits them as local `$defs`; they are moved to
 * `components.schemas` (input variants suffixed `Input`, since defaults make request and response shapes differ).
 */
function componentCollector() {
  const components: Record<string, JsonSchema> = {};
  const rewrite = (value: unknown, suffix: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, suffix));
    if (value && typeof value === 'object') {
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) out[k] = `#/components/schemas/${v.slice(8)}${suffix}`;
        else if (k !== '$schema' && k !== '$defs') out[k] = rewrite(v, suffix);
      }
      return spellOutEnumRecord(out);
    }
    return value;
  };
  const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const suffix = io === 'input' ? 'Input' : '';
    const raw = z.toJSONSchema(s, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, def] of Object.entries(raw.$defs ?? {})) components[`${id}${suffix}`] ??= rewrite(def, suffix) as JsonSchema;
    return rewrite(raw, suffix) as JsonSchema;
  };
  /** Follows a top-level component reference (for query/path parameters, which need the properties). */
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    return typeof ref === 'string' ? (components[ref.replace('#/components/schemas/', '')] ?? schema) : schema;
  };
  return { components, schemaOf, resolve };
}

/** Only the components something refers to (a query schema is spelled out as parameters, so its component may not be). */
function usedComponents(paths: unknown, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const m of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!used.has(m[1])) {
        used.add(m[1]);
        visit(components[m[1]]);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(components).filter(([id]) => used.has(id)));
}

export interface OpenApiOptions {
  /** The site's public origin (`https://…`); the document's server. Unset: relative to where the document is served. */
  serverUrl?: string;
}

export function buildOpenApiDocument(options: OpenApiOptions | string = {}): Record<string, unknown> {
  const { serverUrl } = typeof options === 'string' ? { serverUrl: options } : options;
  const paths: Record<string, Record<string, unknown>> = {};
  const { components, schemaOf, resolve } = componentCollector();
  const errorSchema = schemaOf(ApiErrorBodySchema, 'output');
  const tags = new Set<string>();
  for (const [operationId, def] of Object.entries(apiRoutes) as [RouteName, RouteDef][]) {
    const openPath = def.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, s] of [
      ['path', def.params],
      ['query', def.query],
    ] as const) {
      if (!s) continue;
      const js = resolve(schemaOf(s, 'input')) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
      }
    }
    const idempotency = IDEMPOTENCY_KEY_ROUTES[operationId];
    if (idempotency) parameters.push(idempotencyKeyParameter(idempotency === 'required'));
    if (def.auth === 'partner') parameters.push(API_KEY_HEADER_PARAMETER, ...SIGNATURE_HEADER_PARAMETERS);
    tags.add(def.tag);
    const op: Record<string, unknown> = {
      operationId,
      summary: def.summary,
      tags: [def.tag],
      'x-timeout-ms': def.timeoutMs,
      security: securityOf(def),
      parameters,
      responses: {
        '200': {
          description: 'OK',
          ...(def.auth === 'partner' && { headers: RATE_LIMIT_HEADERS }),
          content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
        },
        ...errorResponsesOf(operationId, def, errorSchema),
        default: { description: 'Any other error, in the catalogue shape (5xx: retry later)', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (def.body) {
      const mediaType = def.bodyType === 'multipart' ? 'multipart/form-data' : 'application/json';
      op.requestBody = { required: true, content: { [mediaType]: { schema: schemaOf(def.body, 'input') } } };
    }
    (paths[openPath] ??= {})[def.method.toLowerCase()] = op;
  }
  // Issue 29: what the api sends to a partner's webhook URL, typed like the calls (OpenAPI 3.1 `webhooks`).
  const webhook = (operationId: string, summary: string, body: z.ZodType) => ({
    post: {
      operationId,
      summary,
      tags: ['partner'],
      // the api authenticates itself to the receiver by the signature headers, not by a scheme of this document
      security: [],
      parameters: WEBHOOK_HEADER_PARAMETERS,
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(body, 'output') } } },
      responses: {
        '200': { description: 'Received: any 2xx answer ends the delivery; anything else, or no answer in time, is retried with backoff (/docs/webhooks)' },
      },
    },
  });
  const webhooks = {
    'order.status_changed': webhook(
      'webhookOrderStatusChanged',
      'An event of one of your orders (sent to every active webhook of the key’s account)',
      OrderWebhookEventSchema,
    ),
    'webhook.test': webhook('webhookTest', 'A test event, sent on demand by POST /api/partner/v1/webhooks/test', TestWebhookEventSchema),
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coinferry API',
      version: CONTRACT_VERSION,
      description: [
        'Public, account and partner API of the Coinferry exchange. Amounts are decimal strings, never numbers.',
        `Errors always have the shape {statusCode, code, message} (plus \`fields\` and \`details\` where useful); the codes: ${SENT_ERROR_CODES.join(', ')}.`,
        `The catalogue also names ${NEVER_SENT_ERROR_CODES.join(', ')}: this API never sends them.`,
        'Each operation lists the 4xx answers it can give; 5xx answers mean “retry later”.',
      ].join('\n\n'),
      license: { name: 'Proprietary: © Coinferry, all rights reserved', identifier: 'LicenseRef-Coinferry-Proprietary' },
    },
    servers: [{ url: serverUrl?.replace(/\/+$/, '') || '/', description: serverUrl ? 'This site' : 'The origin this document is served from' }],
    tags: [...tags].map((name) => {
      const description = TAG_DESCRIPTIONS[name];
      if (!description) throw new Error(`openapi: tag ${name} has no description in TAG_DESCRIPTIONS`);
      return { name, description };
    }),
    components: {
      schemas: usedComponents({ paths, webhooks }, components),
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'access_token',
          description: 'The site session: the access_token cookie set by sign-in (POST /api/v1/users/local/authenticate), renewed by refresh.',
        },
        apiKeyAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'A key made on /profile/keys (its account’s email confirmed). Sign the request (required when the key is set to require signatures): X-Timestamp (Unix seconds, ±300 s), X-Nonce (16–64 of A–Z a–z 0–9 _ -, once per key) and X-Signature = hex HMAC-SHA256, keyed with the key’s signing secret (cfs_…, shown once at creation), of METHOD, path with query, timestamp, nonce and raw body joined by line feeds; see /docs/authentication for test vectors.',
        },
      },
    },
    paths,
    webhooks,
  };
}

function securityOf(def: RouteDef): Record<string, string[]>[] {
  if (def.auth === 'user' || def.auth === 'admin') return [{ cookieAuth: [] }];
  // A session is used when there is one; an empty requirement means "none needed".
  if (def.auth === 'optional') return [{ cookieAuth: [] }, {}];
  if (def.auth === 'partner') return [{ apiKeyAuth: [] }];
  return [];
}
