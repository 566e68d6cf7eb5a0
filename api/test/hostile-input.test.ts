// "No request may crash the server": every route of the table, fed hostile input, answers in the
// catalogue's shape and never with a 500.
import { apiRoutes, ApiErrorBodySchema } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const HOSTILE_VALUES = ['', ' ', '-1', '1e309', 'NaN', '0x10', '9'.repeat(400), "'; drop table orders; --", '<script>', '%00', '💥', '[]', '{}', 'null'];
const HOSTILE_BODIES = ['', '{', 'null', '[]', '"text"', '42', '{"__proto__":{"x":1}}', JSON.stringify({ a: 'b'.repeat(10_000) })];

describe('hostile input', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent' }), { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const expectCatalogueAnswer = async (res: Response, what: string) => {
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${what} → ${res.status} ${text}`);
    if (res.status >= 400) expect(ApiErrorBodySchema.safeParse(JSON.parse(text)).success).toBe(true);
  };

  it.each(Object.entries(apiRoutes))('%s never answers 500', async (_name, def) => {
    const path = def.path.replace(/:([A-Za-z_]+)/g, 'x');
    const keys = def.query ? Object.keys((def.query as unknown as { shape?: Record<string, unknown> }).shape ?? { q: 1 }) : ['q'];
    for (const value of HOSTILE_VALUES) {
      const qs = keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(value)}`).join('&');
      if (def.method === 'GET') {
        await expectCatalogueAnswer(await fetch(`${api.url}${path}?${qs}`), `GET ${path}?${qs}`);
      } else {
        await expectCatalogueAnswer(
          await fetch(`${api.url}${path}?${qs}`, { method: def.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(keys.map((k) => [k, value]))) }),
          `${def.method} ${path}`,
        );
      }
    }
    if (def.method !== 'GET') {
      for (const body of HOSTILE_BODIES) {
        await expectCatalogueAnswer(await fetch(api.url + path, { method: def.method, headers: { 'content-type': 'application/json' }, body }), `${def.method} ${path} ${body.slice(0, 20)}`);
      }
    }
  });
});
