// Graceful shutdown of web (issue 14): SIGTERM to the real web process (node --import tsx web/src/main.ts) in
// front of an api (in-process, PGlite), in the middle of a load of page, proxied read and proxied order-create
// requests over keep-alive connections: every request web accepted gets a complete answer (2xx/4xx, or 503
// ERR_SERVICE_UNAVAILABLE while draining); the proxied WebSockets get 1012; web exits 0 within its deadline.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startApi, type RunningApi } from '../src/main';
import { testConfig } from './helpers/accounts';
import { openTestDb, type TestDb } from './helpers/testDb';
import { freePort, type Outcome, openWs, problemOf, type Proc, REPO_ROOT, request, sleep, startProcess, waitForHttp } from './shutdownHarness';

const WEB_DIR = path.join(REPO_ROOT, 'web');
const ENTRY = path.join(WEB_DIR, 'src', 'main.ts');
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const SHUTDOWN_TIMEOUT_MS = 10_000;
const WORKERS = 6;
const HAS_DIST = existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html'));

jest.setTimeout(90_000);

describe('SIGTERM under load (web process)', () => {
  let t: TestDb;
  let api: RunningApi;
  let web: Proc | undefined;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    // The real realtime (sandbox market, no Redis): it serves the WebSocket that web proxies.
    api = await startApi(testConfig({ SANDBOX_MODE: 'true', TICK_INTERVAL_MS: '200', HTTP_RATE_LIMITS: 'orderCreate=100000' }), { db: t.handle });
  }, 60_000);
  afterAll(async () => {
    if (web?.proc.exitCode === null) web.proc.kill('SIGKILL');
    await api?.close();
    await t?.drop();
  });

  it('answers every accepted page and proxied request, closes proxied WebSockets with 1012 and exits 0 in time', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    web = startProcess(ENTRY, WEB_DIR, {
      WEB_PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: api.url,
      SSR: 'off',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      SHUTDOWN_GRACE_MS: '500',
      WEB_METRICS_PORT: 'off',
    });
    await waitForHttp(`${base}/remotes.json`, 45_000, web);

    const sockets = await Promise.all(
      [0, 1].map(() =>
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

    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
    const outcomes: Outcome[] = [];
    let stop = false;
    let seq = 0;
    const worker = async (w: number) => {
      while (!stop) {
        const round: Promise<Outcome>[] = [
          request(agent, base, 'GET', '/api/v2/instruments/public', 'proxied read'),
          request(
            agent,
            base,
            'POST',
            '/api/v1/orders/public/create',
            'proxied create',
            {
              rateMode: 'FLOATING',
              instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
              instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
              destinationAddress: ETH_ADDR,
              claimedDepositAmount: '0.01',
            },
            { 'idempotency-key': `web-${w}-${seq++}` },
          ),
          request(agent, base, 'GET', HAS_DIST ? '/' : '/remotes.json', 'page'),
        ];
        for (const o of await Promise.all(round)) {
          outcomes.push(o);
          if (o.error === 'ECONNREFUSED') return;
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await sleep(1_500);
    const sigtermAt = Date.now();
    web.proc.kill('SIGTERM');
    const exit = await web.exited;
    stop = true;
    await load;
    agent.destroy();

    const out = web.output();
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - sigtermAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(out).toContain('SIGTERM: draining');
    expect(out).toContain('shutdown complete');

    const tally: Record<string, number> = {};
    for (const o of outcomes) {
      const k = `${o.kind} ${o.error ?? o.status}${o.error && !o.reusedSocket ? ' (fresh)' : ''}`;
      tally[k] = (tally[k] ?? 0) + 1;
    }
    console.log(`web shutdown under load: outcomes ${JSON.stringify(tally)}, exit after ${exit.at - sigtermAt} ms`);
    expect(outcomes.filter((o) => o.startedAt < sigtermAt && o.status === 200).length).toBeGreaterThan(10);
    // Requests in flight when SIGTERM came were finished.
    expect(outcomes.filter((o) => o.startedAt < sigtermAt && o.endedAt >= sigtermAt && o.status !== undefined && o.status < 500).length).toBeGreaterThan(0);
    expect(outcomes.map((o) => problemOf(o, sigtermAt)).filter(Boolean)).toEqual([]);
    expect(outcomes.some((o) => o.status === 503 && o.connectionClose)).toBe(true);

    const closes = await Promise.all(sockets.map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual([1012, 1012]);
  });
});
