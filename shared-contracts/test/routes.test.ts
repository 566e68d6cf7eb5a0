import { apiRoutes, TIMEOUTS_MS, ERROR_CODES, ERROR_STATUS } from '../src/server';
import { buildOpenApiDocument } from '../src/openapi';

describe('route table', () => {
  it('carries the §7/§9 timeouts', () => {
    expect(apiRoutes.orderCreate.timeoutMs).toBe(200_000);
    expect(apiRoutes.health.timeoutMs).toBe(10_000);
    expect(apiRoutes.healthz.timeoutMs).toBe(20_000);
    expect(apiRoutes.pairsDefault.timeoutMs).toBe(30_000);
    expect(apiRoutes.rateOne.timeoutMs).toBe(15_000);
    expect(apiRoutes.instrumentsV2.timeoutMs).toBe(TIMEOUTS_MS.instruments);
    expect(apiRoutes.orderRequestRefund.timeoutMs).toBe(10_000);
    expect(apiRoutes.orderAcceptRateModeChange.timeoutMs).toBe(10_000);
  });

  it('declares each method+path once', () => {
    const keys = Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('includes every call of §7', () => {
    const paths = new Set(Object.values(apiRoutes).map((r) => `${r.method} ${r.path}`));
    for (const p of [
      'GET /api/v1/orders/public/latest',
      'GET /api/v1/orders/public-info',
      'GET /api/v1/orders/order-refund-info',
      'POST /api/v1/orders/public/create',
      'POST /api/v1/orders/public/set-email',
      'POST /api/v1/orders/public/request-refund',
      'POST /api/v1/orders/public/accept-rate-mode-change',
      'POST /api/v1/instruments/public/validate-address',
      'GET /api/v1/rates/public/recommended-amount',
      'GET /api/v1/pairs/default',
      'GET /api/v2/rates/public/one',
      'GET /api/v2/instruments/public',
      'GET /api/v2/pairs/public',
      'GET /api/v1/stats/public',
      'GET /api/v1/health',
      'GET /api/v1/healthz',
      'GET /api/v1/instruments/public',
      'GET /api/v1/users/account-data',
      'POST /api/v1/users/local/create',
      'POST /api/v1/users/local/authenticate',
      'POST /api/v1/users/authentication/logout',
      'POST /api/v1/users/authentication/refresh',
      'POST /api/v1/users/local/request-password-reset',
      'POST /api/v1/users/local/reset-password',
      'GET /api/v1/affiliates/referrer-id',
      'GET /api/v1/affiliates/balances',
      'GET /api/v1/affiliates/accruals',
      'GET /api/v1/affiliates/cashbacks',
      'GET /api/v1/affiliates/withdrawals',
      'POST /api/v1/affiliates/withdrawals',
      'POST /api/v1/users/generate-api-key',
      'GET /api/v1/users/list-api-key',
      'POST /api/v1/users/update-api-key',
      'POST /api/v1/users/delete-api-key',
      'POST /api/v1/users/kyc/submit',
      'GET /api/v1/users/kyc/status',
      'POST /api/v1/liquidity-providers/:provider/user/sign-up',
      'POST /api/v1/liquidity-providers/:provider/user/sign-in',
      'GET /api/v1/liquidity-providers/:provider/user/contacts',
      'GET /api/v1/liquidity-providers/:provider/user/kyc-status',
      'GET /api/v1/liquidity-providers/:provider/kyc/access-token',
      'POST /dict/seo',
    ])
      expect(paths).toContain(p);
  });

  it('has an HTTP status for every catalogue code (§8)', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });
});

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument() as { openapi: string; paths: Record<string, Record<string, any>> };

  it('is OpenAPI 3.1 with every route of the table', () => {
    expect(doc.openapi).toBe('3.1.0');
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(Object.keys(apiRoutes).length);
  });

  it('documents query parameters, bodies and the error shape', () => {
    const rateOne = doc.paths['/api/v2/rates/public/one'].get;
    expect(rateOne.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['instrumentFromSlug', 'instrumentToSlug', 'claimedDepositAmount', 'rateMode']),
    );
    expect(rateOne.parameters.find((p: { name: string }) => p.name === 'instrumentToSlug').required).toBe(true);
    const create = doc.paths['/api/v1/orders/public/create'].post;
    const components = (doc as unknown as { components: { schemas: Record<string, any> } }).components.schemas;
    const deref = (schema: any) => (schema.$ref ? components[schema.$ref.replace('#/components/schemas/', '')] : schema);
    expect(deref(create.requestBody.content['application/json'].schema).properties).toHaveProperty('destinationAddress');
    expect(deref(create.responses.default.content['application/json'].schema).required).toEqual(expect.arrayContaining(['statusCode', 'code', 'message']));
    // every reference resolves to a component
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const ref of refs) expect(components).toHaveProperty(ref.split('/').pop()!);
    expect(doc.paths['/api/v1/liquidity-providers/{provider}/user/sign-up'].post.parameters[0]).toMatchObject({ name: 'provider', in: 'path', required: true });
  });
});

describe('browser entry', () => {
  it('the zod-free route table and the schema route table agree on every call', async () => {
    const { routeTable } = await import('../src/routeTable');
    expect(Object.keys(apiRoutes)).toEqual(Object.keys(routeTable));
    for (const [name, { schemas, ...meta }] of Object.entries(routeTable)) {
      const route = apiRoutes[name as keyof typeof apiRoutes];
      expect(route).toMatchObject(meta);
      expect(route).not.toHaveProperty('schemas');
      expect(typeof schemas).toBe('function');
      expect(route.response).toBeDefined();
    }
  });

  it('does not load zod', () => {
    jest.isolateModules(() => {
      require('../src/index');
      const loaded = Object.keys(require.cache).filter((p) => /[\\/]zod[\\/]/.test(p));
      expect(loaded).toEqual([]);
    });
  });
});
