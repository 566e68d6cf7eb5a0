// `pnpm bench`: the production shape on free ports (e2e's harness), then
//   1. home first-load JavaScript split by part, against the 150 KB gzip budget;
//   2. GET /api/v2/rates/public/one req/s vs a bare Fastify route's, against the 60 % goal.
// Numbers are printed, never asserted. `pnpm bench -- weight` or `-- api` runs one part.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApiOnly, startStack, type Stack } from '../e2e/harness/stack';
import { measureHomeJs, printPageWeight } from './lib/page-weight';
import { combine, measure, printThroughput, startBareServer, warmUp } from './lib/throughput';

const here = path.dirname(fileURLToPath(import.meta.url));
const parts = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const wants = (p: string) => parts.length === 0 || parts.includes(p);
const LOAD = { connections: Number(process.env.BENCH_CONNECTIONS ?? 10), duration: Number(process.env.BENCH_DURATION ?? 5) };
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
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
  if (wants('weight')) {
    console.log('bench: starting the production shape (api, five remote servers, web)…');
    try {
      stack = await startStack({ logDir, tickIntervalMs: 2000 });
      stop = stack.stop;
      console.log(`  web ${stack.webUrl}, api ${stack.apiUrl} (up in ${((Date.now() - t0) / 1000).toFixed(1)} s; logs in ${stack.logDir})`);
    } catch (err) {
      failed = true;
      console.error(`\n## 1. Home first-load JavaScript: NOT MEASURED, the stack did not start:\n${(err as Error).message}\n`);
    }
  }
  if (stack) {
    apiUrl = stack.apiUrl;
  } else {
    console.log('bench: starting the api alone…');
    const api = await startApiOnly({ logDir, tickIntervalMs: 2000 });
    stop = api.stop;
    apiUrl = api.apiUrl;
  }

  try {
    if (stack) {
      console.log('\n## 1. Home first-load JavaScript (cold cache, until network idle)');
      try {
        printPageWeight(await measureHomeJs({ webUrl: stack.webUrl, remotes: stack.remotes }), stack.webUrl);
      } catch (err) {
        failed = true;
        console.error(`  page weight failed: ${(err as Error).message}`);
      }
    }
    if (wants('api')) {
      console.log('\n## 2. API throughput: rates/public/one vs a bare Fastify route');
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
