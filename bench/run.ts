// `pnpm bench [part…]`: numbers printed, never asserted (run it under `flock /tmp/issue14/bench.lock`: timings are
// meaningless while the machine builds). Parts, all but `fuzz` by default, in this order:
//   weight  home first-load JavaScript by chunk vs the 150 KB gzip budget          (production shape, e2e harness)
//   render  p50/p95 of web's `/` at 20 concurrent requests vs 50 ms                (production shape)
//   scores  Lighthouse mobile, median of 3, six pages                              (production shape)
//   rates   GET /api/v2/rates/public/one req/s ÷ a bare Fastify route's, side by side, vs ≥ 0.8   (alias: api)
//   orders  order create at a fixed 200/s for 30 s on PostgreSQL: p50/p99 vs p99 ≤ 50 ms, zero errors
//   ws      10,000 WebSocket subscribers: tick → last subscriber's frame, p99 over the ticks, the api's and a bare
//           `ws` server's (bare-ws-server.mjs, same frame, same clients) and their ratio vs ≤ 1.25
//   soak    300 s of 1,000 WebSocket clients + 200/s order polls: zero errors, memory flat
//   fresh   fresh clone → site up (H1's scripts/fresh-clone-time.mjs --json; BENCH_SKIP_FRESH_CLONE=1 skips it)
//   fuzz    only when asked: H3's 100,000-request fuzz run (bench/fuzz/)
// `pnpm bench lighthouse` = weight, render, scores (issue 9's first-load report). A final table lists every figure
// with its target. Each api part starts its own api (lib/api.ts) on ports 4700–4799, stopped before the next part.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack, type Stack } from 'e2e/harness/stack';
import { freshPostgres, ROOT, startBenchApi, type BenchApi } from './lib/api';
import { measureLighthouse, printLighthouse, TARGETS as LH_TARGETS } from './lib/lighthouse';
import { measureOrderCreate, ORDERS_P99_TARGET_MS, ordersBenchEnv, printOrders } from './lib/orders';
import { BUDGET_KB, measureHomeJs, printPageWeight } from './lib/page-weight';
import { measureRenderTime, printRenderTime, TARGET_P95_MS } from './lib/render-time';
import { printSoak, soak, SOAK_FLAT_MB_PER_MIN } from './lib/soak';
import { combine, GOAL_RATIO, measure, printThroughput, type Run, settled, startBareServer, warmUp } from './lib/throughput';
import {
  captureFrame,
  type FanOutRun,
  measureFanOutSideBySide,
  startBareWsServer,
  subscriptionRequests,
  WS_BARE_RATIO_TARGET,
  WS_P99_TARGET_MS,
} from './lib/ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const ALL = ['weight', 'render', 'scores', 'rates', 'orders', 'ws', 'soak', 'fresh'];
const ALIASES: Record<string, string[]> = { lighthouse: ['scores', 'weight', 'render'], api: ['rates'] };
const args = process.argv.slice(2).filter((a) => a !== '--');
const named = args.filter((a) => !a.startsWith('-')).flatMap((a) => ALIASES[a] ?? [a]);
for (const p of named.slice(0, named.includes('fuzz') ? named.indexOf('fuzz') : undefined))
  if (!ALL.includes(p)) throw new Error(`unknown bench part ${p}; parts: ${[...ALL, 'fuzz'].join(', ')}`);
const wants = (p: string) => (named.length === 0 ? ALL.includes(p) : named.includes(p));
const num = (name: string, dflt: number) => Number(process.env[name] ?? dflt);
const LOAD = { connections: num('BENCH_CONNECTIONS', 10), duration: num('BENCH_DURATION', 5) };
const ROUNDS = Math.max(1, num('BENCH_ROUNDS', 3));
const RATES_WARM_UP_S = num('BENCH_RATES_WARMUP', 10);
const RENDER = { concurrency: num('BENCH_RENDER_CONCURRENCY', 20), requests: num('BENCH_RENDER_REQUESTS', 400) };
const LH_RUNS = Math.max(1, num('BENCH_LH_RUNS', 3));
const LH_PAGES = process.env.BENCH_LH_PAGES?.split(',').filter(Boolean);
const RATES_PATH = '/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1';
const ORDERS = { rate: num('BENCH_ORDERS_RATE', 200), durationS: num('BENCH_ORDERS_DURATION', 30), warmUpS: num('BENCH_ORDERS_WARMUP', 5) };
const WS = {
  subscribers: num('BENCH_WS_SUBSCRIBERS', 10_000),
  processes: num('BENCH_WS_PROCESSES', 4),
  ticks: num('BENCH_WS_TICKS', 40),
  // the api and the bare server take turns within each tick (half each)
  tickMs: num('BENCH_WS_TICK_MS', 2000),
};
const SOAK = { sockets: num('BENCH_SOAK_WS', 1000), rate: num('BENCH_SOAK_RATE', 200), durationS: num('BENCH_SOAK_DURATION', 300), orders: 20 };
const logDir = path.join(here, '.harness', 'logs');
const profDir = process.env.BENCH_CPU_PROF === '1' ? path.join(here, '.harness', 'prof') : undefined;

interface Row {
  figure: string;
  value: string;
  target: string;
  met: boolean | null;
}
const rows: Row[] = [];
const row = (figure: string, value: string, target: string, met: boolean | null) => rows.push({ figure, value, target, met });

const cleanups: (() => Promise<void>)[] = [];
async function withApi<T>(label: string, env: Record<string, string>, fn: (api: BenchApi) => Promise<T>): Promise<T> {
  const api = await startBenchApi({ label, logDir, env, cpuProfDir: profDir && path.join(profDir, label) });
  cleanups.push(api.stop);
  try {
    return await fn(api);
  } finally {
    await api.stop();
    cleanups.splice(cleanups.indexOf(api.stop), 1);
  }
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const db = await freshPostgres();
  try {
    return await fn(db.url);
  } finally {
    await db.drop().catch((err) => console.error(`  (could not drop the bench database: ${(err as Error).message})`));
  }
}

async function part(name: string, title: string, fn: () => Promise<void>, onError: (msg: string) => void): Promise<void> {
  if (!wants(name)) return;
  console.log(`\n## ${title}`);
  // Other work on these two cores skews every figure: say how busy the machine was.
  console.log(
    `  (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} over 1 / 5 / 15 min; ${os.cpus().length} cores)`,
  );
  const t = Date.now();
  try {
    await fn();
  } catch (err) {
    const msg = (err as Error).message ?? String(err);
    console.error(`  ${name} failed: ${msg}`);
    onError(msg.split('\n')[0].slice(0, 60));
  }
  console.log(`  (${name}: ${((Date.now() - t) / 1000).toFixed(0)} s)`);
}

async function stackParts(): Promise<void> {
  if (!(wants('weight') || wants('render') || wants('scores'))) return;
  console.log('bench: starting the production shape (api, five remote servers, web)…');
  let stack: Stack;
  const t0 = Date.now();
  try {
    stack = await startStack({ logDir, tickIntervalMs: 2000 });
  } catch (err) {
    console.error(`\n## Web pages: NOT MEASURED, the stack did not start:\n${(err as Error).message}\n`);
    for (const p of ['weight', 'render', 'scores']) if (wants(p)) row(p, 'not measured', '', false);
    return;
  }
  cleanups.push(stack.stop);
  console.log(`  web ${stack.webUrl}, api ${stack.apiUrl} (up in ${((Date.now() - t0) / 1000).toFixed(1)} s; logs in ${stack.logDir})`);
  try {
    await part(
      'weight',
      '1. Home first-load JavaScript (cold cache, until network idle)',
      async () => {
        const w = await measureHomeJs({ webUrl: stack.webUrl, remotes: stack.remotes });
        printPageWeight(w, stack.webUrl);
        row('home first-load JS', `${w.totalGzipKb.toFixed(1)} KB gzip`, `≤ ${BUDGET_KB} KB`, w.totalGzipKb <= BUDGET_KB);
        row('home first-load fonts', `${w.fontKb.toFixed(1)} KB (${w.fonts.length} woff2)`, '', null);
        row('home first load, JS + fonts', `${w.totalFirstLoadKb.toFixed(1)} KB`, '', null);
      },
      (m) => row('home first-load JS', `failed: ${m}`, '≤ 150 KB', false),
    );
    await part(
      'render',
      `2. Web's home response time (${RENDER.requests} requests, ${RENDER.concurrency} concurrent)`,
      async () => {
        const r = await measureRenderTime({ webUrl: stack.webUrl, path: '/', ...RENDER });
        printRenderTime(r);
        row('web / response p95', `${r.p95.toFixed(1)} ms`, `≤ ${TARGET_P95_MS} ms`, r.p95 <= TARGET_P95_MS);
      },
      (m) => row('web / response p95', `failed: ${m}`, '≤ 50 ms', false),
    );
    await part(
      'scores',
      `3. Lighthouse, mobile preset, performance and accessibility (${LH_RUNS} runs per page)`,
      async () => {
        const pages = await measureLighthouse({ webUrl: stack.webUrl, runs: LH_RUNS, pages: LH_PAGES });
        printLighthouse(pages);
        const T = LH_TARGETS;
        // one row per page and metric (median of the runs), each against its target
        for (const { path: p, median: m } of pages) {
          row(`Lighthouse ${p} performance score`, String(Math.round(m.score)), `≥ ${T.score}`, m.score >= T.score);
          row(`Lighthouse ${p} LCP`, `${(m.lcpMs / 1000).toFixed(2)} s`, `≤ ${(T.lcpMs / 1000).toFixed(1)} s`, m.lcpMs <= T.lcpMs);
          row(`Lighthouse ${p} TBT`, `${Math.round(m.tbtMs)} ms`, `≤ ${T.tbtMs} ms`, m.tbtMs <= T.tbtMs);
          row(`Lighthouse ${p} CLS`, m.cls.toFixed(3), `≤ ${T.cls}`, m.cls <= T.cls);
          row(`Lighthouse ${p} accessibility`, String(Math.round(m.a11y)), `≥ ${T.a11y}`, m.a11y >= T.a11y);
        }
        const met = pages.filter(
          ({ median: m }) => m.score >= T.score && m.a11y >= T.a11y && m.lcpMs <= T.lcpMs && m.tbtMs <= T.tbtMs && m.cls <= T.cls,
        ).length;
        row('Lighthouse pages meeting every target', `${met}/${pages.length}`, 'all', met === pages.length);
      },
      (m) => row('Lighthouse', `failed: ${m}`, 'score ≥ 95', false),
    );
  } finally {
    await stack.stop();
    cleanups.splice(cleanups.indexOf(stack.stop), 1);
  }
}

async function ratesPart(): Promise<void> {
  await part(
    'rates',
    '4. API throughput: rates/public/one vs a bare Fastify route (side by side, same run)',
    async () => {
      // The api as production runs it: default log level, metrics on; the bare route in its own node process too.
      // The api on the embedded database (the default, the headline figure) and on PostgreSQL as production deploys
      // it (docker-compose.yml), both running, measured in the same alternating rounds as the bare routes: whatever
      // else the two cores do hits every figure alike. On PGlite the database's WASM work runs inside the api process.
      await withApi('rates', {}, (pglite) =>
        withPostgres((databaseUrl) =>
          withApi('rates-pg', { DATABASE_URL: databaseUrl }, (postgres) =>
            measureRates([
              { api: pglite, database: 'PGlite (embedded, the default)', rowSuffix: '' },
              { api: postgres, database: 'PostgreSQL (a fresh database)', rowSuffix: ', api on PostgreSQL' },
            ]),
          ),
        ),
      );
    },
    (m) => row('rates/public/one ÷ bare Fastify req/s', `failed: ${m}`, `≥ ${GOAL_RATIO}`, false),
  );
}

interface RatesApi {
  api: BenchApi;
  database: string;
  /** after each of its rows' names */
  rowSuffix: string;
}

/** The apis side by side with a fresh bare Fastify server, in alternating rounds. */
async function measureRates(apis: RatesApi[]): Promise<void> {
  let answer = '';
  for (const { api, database } of apis) {
    const check = await fetch(`${api.url}${RATES_PATH}`);
    answer = await check.text();
    console.log(`  the api on ${database}: GET ${RATES_PATH} → HTTP ${check.status}, ${Buffer.byteLength(answer)} bytes (${answer.slice(0, 60)}…)`);
    const metrics = await fetch(api.metricsUrl).then(
      (r) => `HTTP ${r.status}`,
      () => 'not served',
    );
    console.log(`    its metrics endpoint ${api.metricsUrl}: ${metrics}`);
  }
  // /bare-same sends the api's own answer bytes: how much of the gap is the api's code, not the body size
  const bare = await startBareServer(answer);
  try {
    const routes = [
      { label: 'GET /bare (bare Fastify, 75-byte body)', url: `${bare.url}/bare`, pid: bare.pid },
      { label: `GET /bare-same (bare Fastify, same ${Buffer.byteLength(answer)} bytes)`, url: `${bare.url}/bare-same`, pid: bare.pid },
    ];
    const apiRoutes = apis.map(({ api, database }) => ({
      label: `GET /api/v2/rates/public/one (api, ${database.split(' ')[0]})`,
      url: `${api.url}${RATES_PATH}`,
      pid: api.pid,
    }));
    // Steady state on every side: the apis' start-up work done, then all warmed up alike (the JIT of the api's whole
    // request path takes longer than the bare route's few functions: its first seconds cost up to 1.4× the later ones).
    for (const { api, database } of apis) {
      const idle = await settled(api.pid);
      if (idle !== undefined) console.log(`  the api on ${database.split(' ')[0]} at rest before the rounds: ${idle.toFixed(1)} % of a core`);
    }
    for (const r of [...routes, ...apiRoutes]) await warmUp(r.url, LOAD.connections, RATES_WARM_UP_S);
    const bareRuns: Run[][] = routes.map(() => []);
    const apiRuns: Run[][] = apis.map(() => []);
    const perRound: string[][] = apis.map(() => []);
    for (let i = 0; i < ROUNDS; i++) {
      const bs: Run[] = [];
      for (const [k, r] of routes.entries()) {
        const b = await measure(r.label, r.url, LOAD, r.pid);
        bareRuns[k].push(b);
        bs.push(b);
      }
      for (const [k, r] of apiRoutes.entries()) {
        const a = await measure(r.label, r.url, LOAD, r.pid);
        apiRuns[k].push(a);
        perRound[k].push(
          `round ${i + 1}: api ${a.rps.toFixed(0)} req/s; bare ${bs[0].rps.toFixed(0)} (${((a.rps / bs[0].rps) * 100).toFixed(1)} %), bare-same ${bs[1].rps.toFixed(0)} (${((a.rps / bs[1].rps) * 100).toFixed(1)} %)`,
        );
      }
    }
    const bareRunsCombined = bareRuns.map(combine);
    for (const [k, { database, rowSuffix }] of apis.entries()) {
      console.log(`
  the api on ${database}:`);
      const apiRun = combine(apiRuns[k]);
      const [ratio, ratioSame] = printThroughput(bareRunsCombined, apiRun, { ...LOAD, rounds: ROUNDS, warmUpS: RATES_WARM_UP_S, perRound: perRound[k] });
      const clean = apiRun.non2xx === 0 && apiRun.errors === 0;
      const note = clean ? '' : ' (with errors)';
      row(`rates/public/one ÷ bare route (75-byte body) req/s${rowSuffix}`, `${ratio.toFixed(2)}${note}`, `≥ ${GOAL_RATIO}`, clean && ratio >= GOAL_RATIO);
      row(`rates/public/one ÷ bare route (same body) req/s${rowSuffix}`, `${ratioSame.toFixed(2)}${note}`, `≥ ${GOAL_RATIO}`, clean && ratioSame >= GOAL_RATIO);
      // the same ratios from server CPU per request, which the machine's other load disturbs far less than req/s
      for (const [b, body] of [
        [bareRunsCombined[0], '75-byte body'],
        [bareRunsCombined[1], 'same body'],
      ] as const) {
        if (b.cpuUsPerRequest === undefined || apiRun.cpuUsPerRequest === undefined) continue;
        const cpuRatio = b.cpuUsPerRequest / apiRun.cpuUsPerRequest;
        row(
          `rates/public/one ÷ bare route (${body}), by CPU per request${rowSuffix}`,
          `${cpuRatio.toFixed(2)} (${apiRun.cpuUsPerRequest.toFixed(1)} vs ${b.cpuUsPerRequest.toFixed(1)} µs)`,
          `≥ ${GOAL_RATIO}`,
          clean && cpuRatio >= GOAL_RATIO,
        );
      }
    }
  } finally {
    await bare.stop();
  }
}

async function ordersPart(): Promise<void> {
  const title = `5. Order create at a fixed ${ORDERS.rate}/s for ${ORDERS.durationS} s on PostgreSQL (open model)`;
  await part(
    'orders',
    title,
    () =>
      withPostgres((databaseUrl) =>
        withApi('orders', { DATABASE_URL: databaseUrl, ...ordersBenchEnv() }, async (api) => {
          const f = await measureOrderCreate(api, ORDERS);
          printOrders(f);
          row(`order create p50 at ${ORDERS.rate}/s (PostgreSQL)`, `${f.p50.toFixed(1)} ms`, '—', null);
          row(`order create p99 at ${ORDERS.rate}/s (PostgreSQL)`, `${f.p99.toFixed(1)} ms`, `≤ ${ORDERS_P99_TARGET_MS} ms`, f.p99 <= ORDERS_P99_TARGET_MS);
          row('order create errors', String(f.failed), '0', f.failed === 0);
        }),
      ),
    (m) => row('order create p99', `failed: ${m}`, `≤ ${ORDERS_P99_TARGET_MS} ms`, false),
  );
}

/** WebSocket caps of a bench api: all clients come from 127.0.0.1 (production default is 50 per address). */
const wsEnv = (n: number) => ({ WS_MAX_CONNECTIONS_PER_ADDRESS: String(n + 100), WS_MAX_CONNECTIONS: String(Math.max(10_000, n + 100)) });

async function wsPart(): Promise<void> {
  const title = `6. WebSocket fan-out: ${WS.subscribers} subscribers, tick → last subscriber's frame, the api beside a bare \`ws\` server`;
  await part(
    'ws',
    title,
    () =>
      // PostgreSQL as in production (docker-compose.yml): on PGlite the database's own work (the background jobs'
      // queries, ~70–110 ms of WASM per 2 s tick with no subscriber at all) ran inside the api process measured here.
      withPostgres((databaseUrl) =>
        withApi('ws', { DATABASE_URL: databaseUrl, ...wsEnv(WS.subscribers), TICK_INTERVAL_MS: String(WS.tickMs) }, async (api) => {
          const wsUrl = `${api.url.replace(/^http/, 'ws')}/api/v2/ws`;
          // The bare server sends the api's own frame, half a tick after the api's ticks: both run in the same seconds.
          const frame = await captureFrame(wsUrl, subscriptionRequests()[0]);
          const bare = await startBareWsServer(frame, WS.tickMs, WS.tickMs / 2);
          let runs: FanOutRun[];
          try {
            console.log(
              `  bare ws server (bench/bare-ws-server.mjs): the api's ${Buffer.byteLength(frame)}-byte frame, ticking ${WS.tickMs / 2} ms after the api`,
            );
            runs = await measureFanOutSideBySide({
              targets: [
                { label: 'api', wsUrl, pid: api.pid },
                { label: 'bare ws', wsUrl: bare.wsUrl, pid: bare.pid },
              ],
              total: WS.subscribers,
              processes: WS.processes,
              ticks: WS.ticks,
              tickMs: WS.tickMs,
            });
          } finally {
            await bare.stop();
          }
          const [a, b] = runs;
          const ratio = a.figures.p99 / b.figures.p99;
          console.log(
            `  api ÷ bare ws, tick → last frame: p50 ${(a.figures.p50 / b.figures.p50).toFixed(2)} · p99 ${ratio.toFixed(2)} (target ≤ ${WS_BARE_RATIO_TARGET})`,
          );
          const n = WS.subscribers;
          const incomplete = (r: FanOutRun) => (r.complete ? '' : ' (incomplete)');
          row(
            `ws tick → last of ${n} frames p99`,
            `${a.figures.p99} ms${incomplete(a)}`,
            `≤ ${WS_P99_TARGET_MS} ms`,
            a.complete && a.figures.p99 <= WS_P99_TARGET_MS,
          );
          row(`bare ws tick → last of ${n} frames p99`, `${b.figures.p99} ms${incomplete(b)}`, '—', null);
          row(
            `ws tick → last of ${n} frames p99 ÷ bare ws`,
            `${ratio.toFixed(2)}${incomplete(a)}${b.complete ? '' : ' (bare incomplete)'}`,
            `≤ ${WS_BARE_RATIO_TARGET}`,
            a.complete && b.complete && ratio <= WS_BARE_RATIO_TARGET,
          );
        }),
      ),
    (m) => {
      row('ws tick → last frame p99', `failed: ${m}`, `≤ ${WS_P99_TARGET_MS} ms`, false);
      row(`ws tick → last of ${WS.subscribers} frames p99 ÷ bare ws`, `failed: ${m}`, `≤ ${WS_BARE_RATIO_TARGET}`, false);
    },
  );
}

async function soakPart(): Promise<void> {
  const title = `7. Soak: ${SOAK.durationS} s of ${SOAK.sockets} WebSocket clients + ${SOAK.rate}/s order polling (PostgreSQL)`;
  await part(
    'soak',
    title,
    () =>
      withPostgres((databaseUrl) =>
        withApi('soak', { DATABASE_URL: databaseUrl, ...ordersBenchEnv(), ...wsEnv(SOAK.sockets) }, async (api) => {
          const f = await soak(api, SOAK);
          printSoak(f);
          row('soak errors (polls + ws)', String(f.errors), '0', f.errors === 0);
          const slope = f.floorSlope ?? f.rssSlope;
          const which = f.floorSlope !== undefined ? 'heap floor' : 'RSS';
          row(
            `soak memory trend (${which})`,
            slope === undefined ? 'n/a' : `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min`,
            `< ${SOAK_FLAT_MB_PER_MIN} MB/min`,
            slope === undefined ? null : slope < SOAK_FLAT_MB_PER_MIN,
          );
        }),
      ),
    (m) => row('soak', `failed: ${m}`, 'zero errors, memory flat', false),
  );
}

/** H1's script; its JSON's total seconds (`totalSeconds`, `seconds` or `total`) against the 3-minute target. */
async function freshPart(): Promise<void> {
  await part(
    'fresh',
    '8. Fresh clone → site up (scripts/fresh-clone-time.mjs)',
    async () => {
      const script = path.join(ROOT, 'scripts', 'fresh-clone-time.mjs');
      if (process.env.BENCH_SKIP_FRESH_CLONE === '1') {
        console.log('  skipped: BENCH_SKIP_FRESH_CLONE=1');
        row('fresh clone → site up', 'skipped (BENCH_SKIP_FRESH_CLONE=1)', '≤ 180 s', null);
        return;
      }
      if (!fs.existsSync(script)) {
        console.log('  skipped: scripts/fresh-clone-time.mjs is not there yet');
        row('fresh clone → site up', 'skipped (no script)', '≤ 180 s', null);
        return;
      }
      const out = await runNode([script, '--json'], true);
      const json = JSON.parse(
        out
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .at(-1) ?? '{}',
      ) as Record<string, unknown>;
      console.log(`  ${JSON.stringify(json)}`);
      const seconds = [json.totalSeconds, json.seconds, json.total, json.totalMs && Number(json.totalMs) / 1000].find((v) => typeof v === 'number') as
        | number
        | undefined;
      row('fresh clone → site up', seconds === undefined ? 'see above' : `${seconds.toFixed(0)} s`, '≤ 180 s', seconds === undefined ? null : seconds <= 180);
    },
    (m) => row('fresh clone → site up', `failed: ${m}`, '≤ 180 s', false),
  );
}

/** H3's 100k fuzz run; arguments after `fuzz` are passed on. */
async function fuzzPart(): Promise<void> {
  if (!named.includes('fuzz')) return;
  const count = args.slice(args.indexOf('fuzz') + 1).find((a) => /^\d+$/.test(a));
  console.log(`\n## Fuzz: bench/fuzz (${count ?? '100,000'} requests)`);
  const entry = ['run.ts', 'index.ts', 'run.mjs'].map((f) => path.join(here, 'fuzz', f)).find((f) => fs.existsSync(f));
  if (!entry) {
    console.log('  not there yet: bench/fuzz/ has no run.ts');
    row('fuzz', 'not there yet', 'every answer < 500', null);
    return;
  }
  const rest = args.slice(args.indexOf('fuzz') + 1).filter((a) => !ALL.includes(a));
  const code = await runNode(['--import', 'tsx', entry, ...rest], false, here).then(
    () => 0,
    () => 1,
  );
  row('fuzz (bench/fuzz)', code === 0 ? 'passed' : 'failed (see above)', 'every answer < 500, 4xx with a §8 code', code === 0);
}

function runNode(argv: string[], capture: boolean, cwd = ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd, stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(argv.at(-1) ?? '')} exited ${code}`))));
  });
}

function printTable(): void {
  if (rows.length === 0) return;
  const w = [
    Math.max(6, ...rows.map((r) => r.figure.length)),
    Math.max(5, ...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => r.target.length)),
  ];
  console.log('\n## Summary');
  console.log(`| ${'figure'.padEnd(w[0])} | ${'value'.padEnd(w[1])} | ${'target'.padEnd(w[2])} | result |`);
  console.log(`|${'-'.repeat(w[0] + 2)}|${'-'.repeat(w[1] + 2)}|${'-'.repeat(w[2] + 2)}|--------|`);
  for (const r of rows) {
    const res = r.met === null ? '—' : r.met ? 'met' : 'MISSED';
    console.log(`| ${r.figure.padEnd(w[0])} | ${r.value.padEnd(w[1])} | ${r.target.padEnd(w[2])} | ${res.padEnd(6)} |`);
  }
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const onSignal = () => {
    void Promise.allSettled(cleanups.map((c) => c())).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  await stackParts();
  await ratesPart();
  await ordersPart();
  await wsPart();
  await soakPart();
  await freshPart();
  await fuzzPart();
  printTable();
  console.log(`\nbench done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
