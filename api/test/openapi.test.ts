// GET /api/v1/openapi.json (issue 13): the document `pnpm lint:openapi` checks, served as built at start-up,
// public and cacheable, its server the site's public origin; and the 429 answers it documents are the api's limits.
import Fastify from 'fastify';
import { apiRoutes, buildOpenApiDocument, type RouteMeta, routeTable, type RouteName } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { ROUTE_RATE_LIMITS } from '../src/limits';
import { startApi, type RunningApi } from '../src/main';
import { registerOpenApiModule } from '../src/modules/openapi';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

type Doc = { openapi: string; servers: { url: string }[]; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe('GET /api/v1/openapi.json', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'https://coinferry.example' }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('serves the generated document to anyone, cacheable for five minutes, its server the public origin', async () => {
    const res = await fetch(api.url + apiRoutes.openApiDocument.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('set-cookie')).toBeNull();
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://coinferry.example', description: 'This site' }]);
    // The very document the lint checks, but for its server.
    expect({ ...doc, servers: [] }).toEqual({ ...buildOpenApiDocument(), servers: [] });
    expect(doc.paths['/api/v1/orders/public/create'].post.responses).toHaveProperty('429');
  });

  it('answers a hostile query or a session cookie the same way, and refuses other methods in the catalogue shape', async () => {
    const plain = await (await fetch(api.url + apiRoutes.openApiDocument.path)).text();
    const odd = await fetch(`${api.url}${apiRoutes.openApiDocument.path}?x=%27%3B--&__proto__=1`, { headers: { cookie: 'access_token=garbage' } });
    expect(odd.status).toBe(200);
    expect(await odd.text()).toBe(plain);
    const post = await fetch(api.url + apiRoutes.openApiDocument.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ statusCode: 404, code: 'ERR_NOT_FOUND' });
  });
});

describe('the OpenAPI module without a public origin', () => {
  it('gives a server relative to where the document is served', async () => {
    const app = Fastify();
    registerOpenApiModule(app, {}, { validateResponses: true });
    const res = await app.inject({ method: 'GET', url: apiRoutes.openApiDocument.path });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Doc).servers[0].url).toBe('/');
    await app.close();
  });
});

describe('the 429 answers the document lists', () => {
  it('are those of the api’s per-address limits (each route’s declared rateLimit) and of every partner route (per key)', () => {
    // One declaration (issue 26): the api enforces exactly the limits the route declarations carry.
    const declared = (Object.entries(routeTable) as [RouteName, RouteMeta][]).flatMap(([name, def]) =>
      def.rateLimit ? [[name, def.rateLimit.perAddress]] : [],
    );
    expect(ROUTE_RATE_LIMITS).toEqual(Object.fromEntries(declared));
    const doc = buildOpenApiDocument() as unknown as Doc;
    const documented = (Object.entries(routeTable) as [RouteName, { method: string; path: string }][])
      .filter(([, def]) => '429' in doc.paths[def.path.replace(/:([A-Za-z_]+)/g, '{$1}')][def.method.toLowerCase()].responses)
      .map(([name]) => name)
      .sort();
    const limited = (Object.entries(routeTable) as [RouteName, { auth: string }][])
      .filter(([name, def]) => def.auth === 'partner' || Object.hasOwn(ROUTE_RATE_LIMITS, name))
      .map(([name]) => name)
      .sort();
    expect(documented).toEqual(limited);
  });
});
