// Graceful shutdown (issue 14): SIGTERM to the real api process (node --import tsx src/main.ts, PGlite in a temp
// dir — or, when DATABASE_URL is set (.ci/run's PostgreSQL pass), a database of its own on that server) in the middle of a steady load of order creations, reads and sandbox deposits over keep-alive connections:
//   - every request the api accepted gets a complete answer (2xx/4xx, or 503 ERR_SERVICE_UNAVAILABLE once draining);
//     a refused connection, or a reset on an idle keep-alive socket the api closed, is a request it never read —
//     and then no order exists for it (checked by Idempotency-Key in the database);
//   - every order answered 2xx is in the database, readable after a restart;
//   - the WebSocket clients get close code 1012 (Service Restart);
//   - the process logs its drain and exits 0 well before SHUTDOWN_TIMEOUT_MS.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { OrderSchema } from 'shared-contracts/server';
import { openDb } from '../src/db/client';
import { freePort, type Outcome, openWs, problemOf, type Proc, REPO_ROOT, request, sleep, startProcess, waitForHttp } from './shutdownHarness';

const API_DIR = path.join(REPO_ROOT, 'api');
const ENTRY = path.join(API_DIR, 'src', 'main.ts');
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const SHUTDOWN_TIMEOUT_MS = 10_000;
const WORKERS = 8;

jest.setTimeout(90_000);

const SERVER_URL = process.env.DATABASE_URL;
const BACKEND = SERVER_URL ? 'PostgreSQL' : 'PGlite';

/** The admin URL's database swapped for `name`. */
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: SERVER_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

describe(`SIGTERM under load (api process on ${BACKEND})`, () => {
  let dir: string;
  let api: Proc | undefined;
  const database = `shutdown_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-api-'));
    if (SERVER_URL) await admin(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    if (api?.proc.exitCode === null) api.proc.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    if (SERVER_URL) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('answers every accepted request, loses no order, closes WebSockets with 1012 and exits 0 in time', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Each attempt its own embedded database and its own keys: CI retries a failed test once (tooling/jest/retry-on-ci.cjs).
    const attempt = randomBytes(4).toString('hex');
    const env = {
      API_PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: path.join(dir, `pglite-${attempt}`),
      KYC_STORAGE_DIR: path.join(dir, 'kyc'),
      LOG_LEVEL: 'info',
      SANDBOX_MODE: 'true',
      TICK_INTERVAL_MS: '200',
      CONFIRMATION_INTERVAL_MS: '20',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      SHUTDOWN_GRACE_MS: '500',
      HTTP_RATE_LIMITS: 'orderCreate=100000,orderRequestRefund=100000',
      REDIS_URL: '',
      // '' removes the variable: PGlite in the temp dir.
      DATABASE_URL: SERVER_URL ? withDatabase(SERVER_URL, database) : '',
      DATABASE_SCHEMA: '',
      METRICS_PORT: 'off',
    };
    api = startProcess(ENTRY, API_DIR, env);
    await waitForHttp(`${base}/api/v1/healthz`, 45_000, api);

    // Prices arrive with the first ticks; an order needs them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    const until = Date.now() + 15_000;
    for (;;) {
      const h = await request(agent, base, 'GET', '/api/v1/health', 'health');
      if ((h.body as { status?: string }).status === 'OK') break;
      if (Date.now() > until) throw new Error(`api never healthy: ${JSON.stringify(h.body)}`);
      await sleep(100);
    }

    const sockets = await Promise.all(
      [0, 1, 2].map(() =>
        openWs(`ws://127.0.0.1:${port}/api/v2/ws`, {
          event: 'pairs.rates',
          data: {
            instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
            instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
            amount: '0.1',
            rateMode: 'FLOATING',
          },
        }),
      ),
    );

    const outcomes: Outcome[] = [];
    const created: { orderId: string; destinationAddress: string; key: string }[] = [];
    let sigtermAt = 0;
    let seq = 0;
    let stop = false;
    const worker = async (w: number) => {
      while (!stop) {
        const key = `shutdown-${attempt}-${w}-${seq++}`;
        const o = await request(
          agent,
          base,
          'POST',
          '/api/v1/orders/public/create',
          'create',
          {
            rateMode: 'FLOATING',
            instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
            instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
            destinationAddress: ETH_ADDR,
            claimedDepositAmount: '0.01',
          },
          { 'idempotency-key': key },
        );
        outcomes.push(o);
        if (o.status === 200) {
          const order = OrderSchema.parse(o.body);
          created.push({ orderId: order.orderId, destinationAddress: order.destinationAddress, key });
          // A deposit for every other order: the order job then has transitions to run while the api drains.
          if (seq % 2 === 0)
            outcomes.push(await request(agent, base, 'POST', `/api/v1/sandbox/orders/${order.orderId}/deposit`, 'deposit', { amount: '0.01' }));
          outcomes.push(
            await request(
              agent,
              base,
              'GET',
              `/api/v1/orders/public-info?orderId=${order.orderId}&destinationAddress=${encodeURIComponent(order.destinationAddress)}`,
              'read',
            ),
          );
        }
        // Once the api is gone, a client goes to another replica: stop when refused.
        if (o.error === 'ECONNREFUSED') return;
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    // real work before the drain: a dozen orders, however long a loaded machine takes to make them (not a fixed wait)
    for (const start = Date.now(); created.length <= 10 && Date.now() - start < 30_000; ) await sleep(100);
    const beforeSigterm = created.length;
    sigtermAt = Date.now();
    api.proc.kill('SIGTERM');
    const exit = await api.exited;
    stop = true;
    await load;
    agent.destroy();

    // The process: drained, logged, exit 0 well inside the deadline.
    const out = api.output();
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(out).toContain('SIGTERM: draining');
    expect(out).toContain('shutdown complete');

    // The load: real work before and during the drain, and nothing the api accepted left without an answer.
    expect(beforeSigterm).toBeGreaterThan(10);
    const problems = outcomes.map((o) => problemOf(o, sigtermAt)).filter(Boolean);
    expect(problems).toEqual([]);
    const tally: Record<string, number> = {};
    for (const o of outcomes) {
      const k = `${o.kind} ${o.error ?? o.status}${o.error && !o.reusedSocket ? ' (fresh)' : ''}`;
      tally[k] = (tally[k] ?? 0) + 1;
    }
    console.log(`shutdown under load: ${created.length} orders, outcomes ${JSON.stringify(tally)}, exit after ${exit.at - sigtermAt} ms`);
    // The grace: requests that arrive while draining get the catalogue's 503 on a connection that then closes.
    expect(outcomes.some((o) => o.status === 503 && o.connectionClose)).toBe(true);
    const inFlight = outcomes.filter((o) => o.startedAt < sigtermAt && o.endedAt >= sigtermAt && o.status !== undefined && o.status < 500);
    expect(inFlight.length).toBeGreaterThan(0);

    // WebSockets: 1012 (Service Restart), so that clients reconnect elsewhere at once.
    const closes = await Promise.all(sockets.map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual([1012, 1012, 1012]);

    // Every 2xx order is stored; no errored or refused request left an order behind.
    const db = await openDb(SERVER_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: env.PGLITE_DIR });
    let keys: Set<string>;
    try {
      const rows = (await db.db.execute(sql`SELECT idempotency_key AS key FROM orders WHERE idempotency_key LIKE ${`shutdown-${attempt}-%`}`)) as unknown as {
        rows: { key: string }[];
      };
      keys = new Set(rows.rows.map((r) => r.key));
    } finally {
      await db.close();
    }
    const answered = new Set(created.map((c) => c.key));
    expect([...answered].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !answered.has(k))).toEqual([]);

    // After a restart, the api serves every order it answered 2xx for.
    api = startProcess(ENTRY, API_DIR, env);
    await waitForHttp(`${base}/api/v1/healthz`, 45_000, api);
    const reader = new http.Agent({ keepAlive: true, maxSockets: 4 });
    for (let i = 0; i < created.length; i += 4) {
      const batch = created.slice(i, i + 4);
      const reads = await Promise.all(
        batch.map((c) =>
          request(
            reader,
            base,
            'GET',
            `/api/v1/orders/public-info?orderId=${c.orderId}&destinationAddress=${encodeURIComponent(c.destinationAddress)}`,
            'reread',
          ),
        ),
      );
      expect(reads.map((r) => r.status)).toEqual(batch.map(() => 200));
    }
    reader.destroy();
    // An idle api drains at once.
    const t0 = Date.now();
    api.proc.kill('SIGTERM');
    const second = await api.exited;
    expect(second.code).toBe(0);
    expect(second.at - t0).toBeLessThan(5_000);
  });
});
