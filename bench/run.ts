// `pnpm bench`: the production shape on free ports (e2e's harness), then
//   1. home first-load JavaScript split by chunk, against the 150 KB gzip budget (`weight`);
//   2. p50/p95 response time of web's `/` at 20 concurrent requests, against 50 ms (`render`);
//   3. Lighthouse mobile, median of 3: performance score, accessibility score (issue 10), LCP, TBT, CLS of five pages
//      against their targets (`scores`);
//   4. GET /api/v2/rates/public/one req/s vs a bare Fastify route's, against the 60 % goal (`api`).
// Numbers are printed, never asserted. `pnpm bench <part>…` runs some parts; `pnpm bench lighthouse` is issue 9's
// first-load report: parts 1–3.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiOnly, startStack, type Stack } from '../e2e/harness/stack';
import { measureLighthouse, printLighthouse } from './lib/lighthouse';
import { measureHomeJs, printPageWeight } from './lib/page-weight';
import { measureRenderTime, printRenderTime } from './lib/render-time';
import { combine, measure, printThroughput, startBareServer, warmUp } from './lib/throughput';

const here = path.dirname(fileURLToPath(import.meta.url));
const ALIASES: Record<string, string[]> = { lighthouse: ['scores', 'weight', 'render'] };
const parts = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('-'))
  .flatMap((a) => ALIASES[a] ?? [a]);
const wants = (p: string) => parts.length === 0 || parts.includes(p);
const needsStack = wants('weight') || wants('render') || wants('scores');
const LOAD = { connections: Number(process.env.BENCH_CONNECTIONS ?? 10), duration: Number(process.env.BENCH_DURATION ?? 5) };
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const RENDER = { concurrency: Number(process.env.BENCH_RENDER_CONCURRENCY ?? 20), requests: Number(process.env.BENCH_RENDER_REQUESTS ?? 400) };
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const LH_PAGES = process.env.BENCH_LH_PAGES?.split(',').filter(Boolean);
const RATES_PATH = '/api/v2/rates/public/one?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1';

async function main(): Promise<void> {
  const t0 = Date.now();
  const logDir = path.join(here, '.harness', 'logs');
  let stop: (() => Promise<void>) | undefined;
  const onSignal = () => {
    void (stop?.() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let failed = false;
  let stack: Stack | undefined;
  let apiUrl: string;
  if (needsStack) {
    console.log('bench: starting the production shape (api, five remote servers, web)…');
    try {
      stack = await startStack({ logDir, tickIntervalMs: 2000 });
      stop = stack.stop;
      console.log(`  web ${stack.webUrl}, api ${stack.apiUrl} (up in ${((Date.now() - t0) / 1000).toFixed(1)} s; logs in ${stack.logDir})`);
    } catch (err) {
      failed = true;
      console.error(`\n## Web pages: NOT MEASURED, the stack did not start:\n${(err as Error).message}\n`);
    }
  }
  if (stack) {
    apiUrl = stack.apiUrl;
  } else if (wants('api')) {
    console.log('bench: starting the api alone…');
    const api = await startApiOnly({ logDir, tickIntervalMs: 2000 });
    stop = api.stop;
    apiUrl = api.apiUrl;
  } else {
    apiUrl = '';
  }

  try {
    if (stack && wants('weight')) {
      console.log('\n## 1. Home first-load JavaScript (cold cache, until network idle)');
      try {
        printPageWeight(await measureHomeJs({ webUrl: stack.webUrl, remotes: stack.remotes }), stack.webUrl);
      } catch (err) {
        failed = true;
        console.error(`  page weight failed: ${(err as Error).message}`);
      }
    }
    if (stack && wants('render')) {
      console.log(`\n## 2. Web's home response time (${RENDER.requests} requests, ${RENDER.concurrency} concurrent)`);
      try {
        printRenderTime(await measureRenderTime({ webUrl: stack.webUrl, path: '/', ...RENDER }));
      } catch (err) {
        failed = true;
        console.error(`  response time failed: ${(err as Error).message}`);
      }
    }
    if (stack && wants('scores')) {
      console.log(`\n## 3. Lighthouse, mobile preset, performance and accessibility (${LH_RUNS} runs per page)`);
      try {
        printLighthouse(await measureLighthouse({ webUrl: stack.webUrl, runs: LH_RUNS, pages: LH_PAGES }));
      } catch (err) {
        failed = true;
        console.error(`  lighthouse failed: ${(err as Error).message}`);
      }
    }
    if (wants('api')) {
      console.log('\n## 4. API throughput: rates/public/one vs a bare Fastify route');
      const bare = await startBareServer();
      try {
        const check = await fetch(`${apiUrl}${RATES_PATH}`);
        console.log(`  GET ${RATES_PATH} → HTTP ${check.status} (${(await check.text()).slice(0, 100)}…)`);
        const bareUrl = `${bare.url}/bare`;
        const ratesUrl = `${apiUrl}${RATES_PATH}`;
        await warmUp(bareUrl, LOAD.connections);
        await warmUp(ratesUrl, LOAD.connections);
        // Alternating rounds: the two cores are shared, so noise hits both routes alike.
        const bareRuns = [];
        const apiRuns = [];
        const perRound: string[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const b = await measure('GET /bare (bare Fastify)', bareUrl, LOAD);
          const a = await measure('GET /api/v2/rates/public/one (api)', ratesUrl, LOAD);
          bareRuns.push(b);
          apiRuns.push(a);
          perRound.push(`round ${i + 1}: bare ${b.rps.toFixed(0)} req/s, api ${a.rps.toFixed(0)} req/s → ${((a.rps / b.rps) * 100).toFixed(1)} %`);
        }
        printThroughput(combine(bareRuns), combine(apiRuns), { ...LOAD, rounds: ROUNDS, perRound });
      } catch (err) {
        failed = true;
        console.error(`  throughput failed: ${(err as Error).message}`);
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await stop?.();
  }
  console.log(`\nbench done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
