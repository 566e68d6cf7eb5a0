// "No request may crash the server": every route of the table, fed hostile input, answers in the
// catalogue's shape and never with a 500. Control characters (NUL first) in any query key, path parameter,
// body field or header are a 400 ERR_VALIDATION before anything reaches the database (issue 7).
import net from 'node:net';
import { apiRoutes, ApiErrorBodySchema, type RouteDef } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { ROUTE_RATE_LIMITS } from '../src/limits';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { openTestDb, type TestDb } from './helpers/testDb';

const HOSTILE_VALUES = ['', ' ', '-1', '1e309', 'NaN', '0x10', '9'.repeat(400), "'; drop table orders; --", '<script>', '%00', '💥', '[]', '{}', 'null'];
const HOSTILE_BODIES = ['', '{', 'null', '[]', '"text"', '42', '{"__proto__":{"x":1}}', JSON.stringify({ a: 'b'.repeat(10_000) })];
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u001b', '\u007f'];

type Shape = Record<string, unknown>;
/** The object shape under a zod schema's optional/default/pipe wrappers, if it is an object. */
function objectShape(schema: unknown): Shape | undefined {
  let s = schema as { shape?: Shape; def?: { innerType?: unknown; in?: unknown } } | undefined;
  for (let i = 0; s && i < 8; i++) {
    if (s.shape) return s.shape;
    s = (s.def?.innerType ?? s.def?.in) as typeof s;
  }
  return undefined;
}
/** Every field of a schema, nested objects included: [['instrumentFrom', 'currencyTitle'], ['destinationAddress'], …]. */
function fieldPaths(schema: unknown, prefix: string[] = []): string[][] {
  const shape = objectShape(schema);
  if (!shape) return prefix.length ? [prefix] : [];
  return Object.entries(shape).flatMap(([key, field]) => (objectShape(field) ? fieldPaths(field, [...prefix, key]) : [[...prefix, key]]));
}
function withValueAt(path: string[], value: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let at = root;
  path.forEach((key, i) => (at = (at[key] = i === path.length - 1 ? value : {}) as Record<string, unknown>));
  return root;
}
const fillParams = (def: RouteDef, value: string) => def.path.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(value));

describe('hostile input', () => {
  let t: TestDb;
  let api: RunningApi;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    // Every hostile request comes from this one address: the per-address limits would answer 429 first.
    const unlimited = Object.keys(ROUTE_RATE_LIMITS)
      .map((name) => `${name}=100000`)
      .join(',');
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', HTTP_RATE_LIMITS: unlimited }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
    });
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
          await fetch(`${api.url}${path}?${qs}`, {
            method: def.method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(Object.fromEntries(keys.map((k) => [k, value]))),
          }),
          `${def.method} ${path}`,
        );
      }
    }
    if (def.method !== 'GET') {
      for (const body of HOSTILE_BODIES) {
        await expectCatalogueAnswer(
          await fetch(api.url + path, { method: def.method, headers: { 'content-type': 'application/json' }, body }),
          `${def.method} ${path} ${body.slice(0, 20)}`,
        );
      }
    }
  });

  const expectRefused = async (res: Response, what: string) => {
    const text = await res.text();
    if (res.status !== 400) throw new Error(`${what} → ${res.status} ${text}`);
    const body = ApiErrorBodySchema.parse(JSON.parse(text));
    expect(body.statusCode).toBe(400);
    return body;
  };

  it('GET /api/v1/orders/order-refund-info?orderId=%00 is a 400 ERR_VALIDATION, not a database error', async () => {
    const body = await expectRefused(await fetch(`${api.url}/api/v1/orders/order-refund-info?orderId=%00`), 'orderId=%00');
    expect(body).toMatchObject({ code: 'ERR_VALIDATION', fields: { orderId: 'control characters are not allowed' } });
  });

  it.each(Object.entries(apiRoutes))('%s refuses control characters in every query key, path parameter and body field', async (_name, def) => {
    const route = def as RouteDef;
    const path = fillParams(route, 'x');
    const send = (url: string, body?: unknown) =>
      fetch(url, route.method === 'GET' ? {} : { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) });
    // A partner route checks its key before it reads anything (issue 29): without one, every hostile request is refused
    // 401 in the catalogue shape, its query and body unread.
    if (route.auth === 'partner') {
      const res = await send(`${api.url}${fillParams(route, 'a\u0000b')}?x=${encodeURIComponent('a\u0000b')}`, { x: 'a\u0000b' });
      expect([res.status, ApiErrorBodySchema.parse(await res.json()).code]).toEqual([401, 'ERR_UNAUTHORIZED']);
      return;
    }
    for (const char of CONTROL_CHARACTERS) {
      const bad = `a${char}b`;
      for (const key of Object.keys(objectShape(route.query) ?? {})) {
        const body = await expectRefused(await send(`${api.url}${path}?${key}=${encodeURIComponent(bad)}`), `${route.path}?${key}`);
        expect(body).toMatchObject({ code: 'ERR_VALIDATION', fields: { [key]: expect.any(String) } });
      }
      if (route.path.includes(':')) {
        const body = await expectRefused(await send(api.url + fillParams(route, bad)), `${route.path} params`);
        expect(body.code).toBe('ERR_VALIDATION');
      }
      if (route.method !== 'GET') {
        if (objectShape(route.body)) expect(fieldPaths(route.body).length).toBeGreaterThan(0);
        for (const field of fieldPaths(route.body)) {
          const body = await expectRefused(await send(api.url + path, withValueAt(field, bad)), `${route.path} body.${field.join('.')}`);
          expect(body).toMatchObject({ code: 'ERR_VALIDATION', fields: { [field.join('.')]: expect.any(String) } });
        }
        // An object key is refused as well as a value.
        expect((await expectRefused(await send(api.url + path, { [bad]: 'x' }), `${route.path} body key`)).code).toBe('ERR_VALIDATION');
      }
    }
  });

  it.each(CONTROL_CHARACTERS.map((c) => [JSON.stringify(c), c]))(
    'refuses %s in a header that reaches the database (Idempotency-Key) with a catalogue 400',
    async (_shown, char) => {
      // fetch will not send such a header: speak HTTP over a socket. Node's parser refuses it first (the
      // api's clientErrorHandler answers); the preValidation guard would refuse it otherwise.
      const { port } = new URL(api.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      await new Promise<void>((resolve, reject) => {
        socket.on('close', () => resolve()).on('error', reject);
        socket.on('connect', () =>
          socket.write(
            `POST ${apiRoutes.orderCreate.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nIdempotency-Key: key${char}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
          ),
        );
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const body = ApiErrorBodySchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
      expect(body.statusCode).toBe(400);
    },
  );

  it('refuses control characters on the sandbox endpoints too', async () => {
    await expectRefused(await fetch(`${api.url}/api/v1/sandbox/mail?to=a%00b%40example.com`), 'sandbox mail');
    await expectRefused(
      await fetch(`${api.url}/api/v1/sandbox/orders/o%00/deposit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":"1"}' }),
      'sandbox deposit',
    );
  });

  it('keeps tab, line feed and carriage return in a JSON body (free text may carry them)', async () => {
    const res = await fetch(api.url + apiRoutes.validateAddress.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currencyTitle: 'BTC', networkTitle: 'BTC', address: 'line one\nline\ttwo\r' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(false);
  });
});
