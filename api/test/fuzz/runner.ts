// The route-table fuzz (issue 14): for EVERY route of shared-contracts' route table, requests generated from the
// route's zod schemas (params, query, body; Idempotency-Key where it matters) — shaped as the schema asks or
// mutated (wrong types, huge and odd strings, control characters, __proto__ keys, deep nesting, broken JSON) —
// sent in-process (`app.inject`) to a started api on PGlite as a guest, a signed-in user, an admin or a partner
// key. The property: every answer is below 500, and every 4xx is `{statusCode, code, message}` with a §8 code of
// the catalogue. Used by the jest test (a few thousand requests) and by `pnpm bench fuzz` (100,000).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { apiRoutes, ERROR_CODES, InstrumentRefSchema, MoneySchema } from 'shared-contracts/server';
import type { z } from 'zod';
import type { Browser } from '../helpers/session';
import { openTestDb, type TestDb } from '../helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from '../partnerHarness';
import { type ArbOptions, arbitraryOf, hostileValue, oddString } from './zodArbitrary';

type Actor = 'guest' | 'user' | 'admin' | 'partner';
interface RouteEntry {
  name: string;
  method: string;
  path: string;
  auth: string;
  bodyType?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
}

export interface FuzzRequest {
  route: string;
  actor: Actor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzFinding {
  route: string;
  seed: number;
  request: FuzzRequest;
  status: number;
  body: string;
  problem: string;
}

const CODES = new Set<string>(ERROR_CODES);

/** Every route of the table, WebSocket upgrade aside (it is fuzzed by the ws tests). */
export function fuzzRoutes(): RouteEntry[] {
  return Object.entries(apiRoutes as unknown as Record<string, Omit<RouteEntry, 'name'>>)
    .map(([name, r]) => ({ name, ...r }))
    .filter((r) => !r.path.endsWith('/ws'));
}

/** What is wrong with an answer, or undefined. */
export function problemOf(status: number, body: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${status} without a JSON body`;
  }
  const b = parsed as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (b === null || typeof b !== 'object') return `${status} body is not an object`;
  if (b.statusCode !== status) return `${status} body statusCode ${String(b.statusCode)}`;
  if (typeof b.code !== 'string' || !CODES.has(b.code)) return `${status} code ${String(b.code)} is not in the §8 catalogue`;
  if (typeof b.message !== 'string') return `${status} without a message`;
  return undefined;
}

const actorFor = (auth: string): fc.Arbitrary<Actor> => {
  const main: Actor = auth === 'user' ? 'user' : auth === 'admin' ? 'admin' : auth === 'partner' ? 'partner' : auth === 'optional' ? 'user' : 'guest';
  return fc.oneof({ weight: 8, arbitrary: fc.constant(main) }, { weight: 2, arbitrary: fc.constantFrom<Actor>('guest', 'user', 'admin', 'partner') });
};

const toQuery = (q: unknown): string => {
  if (q === undefined || q === null) return '';
  if (typeof q !== 'object' || Array.isArray(q)) return `?q=${encodeURIComponent(wellFormed(text(q)))}`;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, text(x));
    else sp.append(k, text(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
};

/** Any generated value as text (null-prototype objects have no toString). */
const text = (v: unknown): string => {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? 'undefined';
  } catch {
    return 'unprintable';
  }
};

/** Lone surrogates replaced (encodeURIComponent throws on them). */
const wellFormed = (v: string): string => v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A header value Node would send: latin-1 without control characters. */
const headerSafe = (s: string): string => [...s].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0xff && c.charCodeAt(0) !== 0x7f).join('');

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"x"',
  '1e999',
  '{"__proto__":{"isAdmin":true}}',
  '\u0000',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  '\ud800',
];
const RAW_QUERIES = ['?%', '?a=%ZZ', '?a=1&a=2&a=3', `?x=${'a'.repeat(9000)}`, '?__proto__[x]=1', '?constructor=1', '?&&&=&'];

/** One request for `route`: mostly shaped by its schemas, sometimes mutated, sometimes broken on the wire. */
export function requestArb(
  route: RouteEntry,
  real: Pick<ArbOptions, 'schemas' | 'keys'> = {},
): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { extraHeaders: Record<string, string> }> {
  // Built once per hostility level (building is the costly part: regular expressions are parsed then).
  const levels = [0, 0.05, 0.2].map((hostile) => {
    const opts = { hostile, ...real };
    const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const params = route.params
      ? arbitraryOf(route.params, opts)
      : fc.record(
          Object.fromEntries(paramNames.map((n) => [n, fc.oneof(real.keys?.[n] ?? fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), oddString())])),
        );
    const query = route.query ? arbitraryOf(route.query, opts) : fc.constant(undefined);
    const body = route.body ? arbitraryOf(route.body, opts) : fc.constant(undefined);
    const wire = fc.nat({ max: 19 });
    return fc
      .record({
        actor: actorFor(route.auth),
        params,
        query,
        body,
        wire,
        rawBody: fc.constantFrom(...RAW_BODIES),
        rawQuery: fc.constantFrom(...RAW_QUERIES),
        idem: fc.option(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), oddString()), { freq: 2 }),
        junkHeader: hostileValue(),
      })
      .map(({ actor, params: p, query: q, body: b, wire: w, rawBody, rawQuery, idem, junkHeader }) => {
        let url = route.path;
        for (const n of paramNames) {
          const v = (p as Record<string, unknown> | null)?.[n];
          url = url.replace(`:${n}`, encodeURIComponent(wellFormed(text(v))) || 'x');
        }
        url += w === 1 ? rawQuery : toQuery(q);
        const extraHeaders: Record<string, string> = {};
        if (idem !== null) extraHeaders['idempotency-key'] = headerSafe(idem);
        if (w === 3) extraHeaders['x-request-id'] = headerSafe(text(junkHeader)).slice(0, 500);
        let payload: string | undefined;
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
        if (hasBody) {
          if (w === 2) payload = rawBody;
          else if (route.bodyType === 'multipart' && w < 10) {
            extraHeaders['content-type'] = 'multipart/form-data; boundary=fuzz';
            const fields = b && typeof b === 'object' ? Object.entries(b as Record<string, unknown>) : [];
            payload = `${fields.map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`).join('')}--fuzz--\r\n`;
          } else payload = b === undefined ? (w === 4 ? undefined : '{}') : text(b);
          if (payload !== undefined && !extraHeaders['content-type']) extraHeaders['content-type'] = w === 5 ? 'text/plain' : 'application/json';
        }
        return { route: route.name, actor, method: route.method, url, payload, extraHeaders };
      });
  });
  return fc.oneof({ weight: 2, arbitrary: levels[0] }, { weight: 1, arbitrary: levels[1] }, { weight: 1, arbitrary: levels[2] });
}

export interface FuzzTarget {
  h: PartnerHarness;
  /** Values that exist in the target (instruments, an order, the key's id), mixed into the generated requests. */
  real: Pick<ArbOptions, 'schemas' | 'keys'>;
  send(req: FuzzRequest): Promise<{ status: number; body: string }>;
  headersFor(actor: Actor): Promise<Record<string, string>>;
  close(): Promise<void>;
}

let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** A started api on PGlite with a user, an admin and a partner key; sessions are renewed when a request ends them. */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const kycDir = mkdtempSync(path.join(tmpdir(), 'fuzz-kyc-'));
  const t: TestDb = await openTestDb('pglite');
  const h = await startPartnerHarness(t, {
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'false',
    CONFIRMATION_INTERVAL_MS: '50',
    WEBHOOK_TIMEOUT_MS: '200',
    KYC_STORAGE_DIR: kycDir,
    RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // every code guess (sign-in, step-up, two-factor) counts against the one fuzz account, and past its ceiling each is
    // answered after up to 5 s (limits/attempts.ts, tested in limits/): waiting them out made the run outlast its timeout
    RATE_LIMIT_ACCOUNT_DELAY_MS: '0',
  });
  let user: Browser | undefined;
  let admin: Browser | undefined;
  let key: string | undefined;
  let apiId = '';
  const fresh = async () => {
    user = await h.signUp();
    admin = await h.signUp({ admin: true });
    const k = await h.newKey(user, 'fuzz');
    key = k.secret;
    apiId = k.apiId;
  };
  await fresh();
  const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
  const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
  const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
  const BTC_ADDR = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
  const created = await h.api.app.inject({
    method: 'POST',
    url: '/api/v1/orders/public/create',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    payload: JSON.stringify({ rateMode: 'FLOATING', instrumentFrom: BTC, instrumentTo: ETH, destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01' }),
  });
  if (created.statusCode !== 200) throw new Error(`fuzz set-up: order create ${created.statusCode} ${created.body}`);
  const orderId = (JSON.parse(created.body) as { orderId: string }).orderId;
  const instruments = [
    BTC,
    ETH,
    { currencyTitle: 'USDT', networkTitle: 'ERC20' },
    { currencyTitle: 'USDT', networkTitle: 'TRC20' },
    { currencyTitle: 'XRP', networkTitle: 'XRP' },
  ];
  const real: FuzzTarget['real'] = {
    schemas: new Map<unknown, fc.Arbitrary<unknown>>([
      [InstrumentRefSchema, fc.constantFrom(...instruments)],
      [MoneySchema, fc.constantFrom('0.01', '0.1', '1', '25', '100000', '0', '-1', '0.000000001')],
    ]),
    keys: {
      orderId: fc.constant(orderId),
      destinationAddress: fc.constantFrom(ETH_ADDR, BTC_ADDR),
      refundAddress: fc.constant(BTC_ADDR),
      address: fc.constantFrom(ETH_ADDR, BTC_ADDR, `T${'1'.repeat(33)}`),
      apiId: fc.constant(apiId),
      currencyTitle: fc.constantFrom('BTC', 'ETH', 'USDT', 'XRP'),
      networkTitle: fc.constantFrom('BTC', 'ETH', 'ERC20', 'TRC20', 'XRP'),
      instrumentFromSlug: fc.constantFrom('btc', 'eth', 'usdt-trc20'),
      instrumentToSlug: fc.constantFrom('btc', 'eth', 'usdt-erc20'),
      provider: fc.constant('sandbox'),
      email: fc.emailAddress(),
      locale: fc.constantFrom('en', 'ru'),
    },
  };
  let sent = 0;
  const cookieOf = (b: Browser) => [...b.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const target: FuzzTarget = {
    h,
    real,
    async headersFor(actor) {
      // A fuzzed call may sign the user out, delete the account or revoke the key: check every 100 requests.
      if (++sent % 100 === 0) {
        const alive = await h.api.app.inject({ method: 'GET', url: '/api/v1/users/account-data', headers: { cookie: cookieOf(user as Browser) } });
        const keyAlive = await h.api.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: { 'x-api-key': key as string } });
        if (alive.statusCode !== 200 || keyAlive.statusCode === 401) await fresh();
      }
      const base = { 'x-forwarded-for': nextIp() };
      if (actor === 'user') return { ...base, cookie: cookieOf(user as Browser) };
      if (actor === 'admin') return { ...base, cookie: cookieOf(admin as Browser) };
      if (actor === 'partner') return { ...base, 'x-api-key': key as string };
      return base;
    },
    async send(req) {
      const res = await h.api.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload });
      return { status: res.statusCode, body: res.body };
    },
    async close() {
      await h.api.close();
      await t.drop();
      rmSync(kycDir, { recursive: true, force: true });
    },
  };
  return target;
}

export interface FuzzRun {
  requests: number;
  findings: FuzzFinding[];
  byStatus: Record<string, number>;
}

/**
 * `runs` requests spread over every route (each route its own fast-check run, seeded `seed + index`). Collects
 * findings instead of stopping at the first, one per route (fast-check shrinks it); prints the seed to replay.
 */
export async function runFuzz(target: FuzzTarget, { runs, seed, only }: { runs: number; seed: number; only?: string }): Promise<FuzzRun> {
  const routes = fuzzRoutes().filter((r) => !only || r.name === only);
  const perRoute = Math.max(1, Math.ceil(runs / routes.length));
  const findings: FuzzFinding[] = [];
  const byStatus: Record<string, number> = {};
  let requests = 0;
  for (const [i, route] of routes.entries()) {
    const routeSeed = seed + i;
    const routeStarted = Date.now();
    let last: FuzzFinding | undefined;
    const threw = (err: unknown) => ({ failed: true, errorInstance: err }) as const;
    const result = await fc
      .check(
        fc.asyncProperty(requestArb(route, target.real), async (r) => {
          const req: FuzzRequest = {
            route: r.route,
            actor: r.actor,
            method: r.method,
            url: r.url,
            payload: r.payload,
            headers: { ...(await target.headersFor(r.actor)), ...r.extraHeaders },
          };
          const t0 = Date.now();
          const res = await target.send(req);
          if (process.env.FUZZ_PROFILE && Date.now() - t0 > 100)
            console.log(
              `slow ${Date.now() - t0} ms: ${req.method} ${req.url.slice(0, 120)} ${res.status} ${String(req.payload?.length)} ${res.body.slice(0, 100)}`,
            );
          requests++;
          byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
          const problem = problemOf(res.status, res.body);
          if (problem) {
            last = { route: route.name, seed: routeSeed, request: req, status: res.status, body: res.body.slice(0, 500), problem };
            return false;
          }
          return true;
        }),
        { numRuns: perRoute, seed: routeSeed, maxSkipsPerRun: 1, endOnFailure: false },
      )
      // A generator that throws ends fc.check itself.
      .catch(threw);
    if (result.failed && last) findings.push(last);
    else if (result.failed) {
      // The generator or the harness threw: a finding of the fuzz itself, reported with its seed all the same.
      const req: FuzzRequest = { route: route.name, actor: 'guest', method: route.method, url: route.path, headers: {} };
      findings.push({ route: route.name, seed: routeSeed, request: req, status: 0, body: String(result.errorInstance ?? ''), problem: 'the fuzz run threw' });
    }
    if (process.env.FUZZ_PROFILE) console.log(`${route.name}: ${Date.now() - routeStarted} ms`);
  }
  return { requests, findings, byStatus };
}

export function describeFinding(f: FuzzFinding): string {
  return [
    `${f.route}: ${f.problem}`,
    `  replay: FUZZ_SEED=${f.seed} FUZZ_ROUTE=${f.route} (seed of this route's run)`,
    `  ${f.request.method} ${f.request.url.slice(0, 300)} as ${f.request.actor}`,
    f.request.payload !== undefined ? `  body: ${f.request.payload.slice(0, 300)}` : '',
    `  answer ${f.status}: ${f.body.slice(0, 300)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

export const randomSeed = () => randomBytes(4).readUInt32BE(0) >>> 1;
