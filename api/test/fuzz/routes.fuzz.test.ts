// The route-table fuzz in CI (issue 14): FUZZ_RUNS requests (default 2,000) over every route of the table, from its
// zod schemas, in-process on PGlite; every answer < 500 and every 4xx with a §8 code. A failure prints the seed:
// FUZZ_SEED=<seed> FUZZ_ROUTE=<route> pnpm exec jest api/test/fuzz --selectProjects api replays it.
// `pnpm bench fuzz` runs 100,000 (bench/fuzz/run.ts).
import { describeFinding, fuzzRoutes, randomSeed, runFuzz, startFuzzTarget, type FuzzTarget } from './runner';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomSeed();

jest.setTimeout(180_000);

describe('fuzz: every route of the table, from its zod schemas', () => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await startFuzzTarget();
  }, 60_000);
  afterAll(async () => {
    await target?.close();
  });

  it('answers below 500, and every 4xx with a §8 code in the catalogue shape', async () => {
    const started = Date.now();
    const run = await runFuzz(target, { runs: RUNS, seed: SEED, only: process.env.FUZZ_ROUTE });
    const report = run.findings.map(describeFinding).join('\n\n');
    console.log(
      `fuzz: ${run.requests} requests over ${fuzzRoutes().length} routes in ${Date.now() - started} ms, seed ${SEED}; statuses ${JSON.stringify(run.byStatus)}` +
        (report ? `\n\n${report}` : ''),
    );
    expect(run.requests).toBeGreaterThanOrEqual(Math.min(RUNS, fuzzRoutes().length));
    expect(run.findings.map((f) => `${f.route}: ${f.problem} (FUZZ_SEED=${f.seed} FUZZ_ROUTE=${f.route})`)).toEqual([]);
  });
});
