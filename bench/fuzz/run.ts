// `pnpm bench fuzz [runs] [--seed=N] [--route=name]`: the route-table fuzz of api/test/fuzz at scale (default
// 100,000 requests over every route, in-process on PGlite). Prints the seed, the statuses and every finding;
// exits 1 when an answer is ≥ 500 or a 4xx lacks a §8 code. Replay a finding with the seed and route it prints.
// The runner is loaded by path at run time: a static import would make the bench's typecheck compile the api.
interface FuzzTarget {
  close(): Promise<void>;
}
interface Finding {
  route: string;
}
interface FuzzModule {
  fuzzRoutes(): unknown[];
  randomSeed(): number;
  startFuzzTarget(): Promise<FuzzTarget>;
  runFuzz(
    t: FuzzTarget,
    o: { runs: number; seed: number; only?: string },
  ): Promise<{ requests: number; findings: Finding[]; byStatus: Record<string, number> }>;
  describeFinding(f: Finding): string;
}
const RUNNER = new URL('../../api/test/fuzz/runner.ts', import.meta.url).href;
const { describeFinding, fuzzRoutes, randomSeed, runFuzz, startFuzzTarget } = (await import(RUNNER)) as FuzzModule;

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.FUZZ_RUNS ?? 100_000);
const seed = Number(flag('seed') ?? process.env.FUZZ_SEED ?? randomSeed());
const only = flag('route') ?? process.env.FUZZ_ROUTE;

// The fuzz target uses the api test helpers: cheap argon2 and friends are accepted under NODE_ENV=test only.
process.env.NODE_ENV = 'test';
const started = Date.now();
console.log(`  fuzz: ${runs} requests over ${only ?? `${fuzzRoutes().length} routes`}, seed ${seed}`);
const target = await startFuzzTarget();
let failed = false;
try {
  const run = await runFuzz(target, { runs, seed, only });
  const s = (Date.now() - started) / 1000;
  console.log(`  ${run.requests} requests in ${s.toFixed(1)} s (${Math.round(run.requests / s)}/s); statuses ${JSON.stringify(run.byStatus)}`);
  for (const f of run.findings) console.log(`\n${describeFinding(f)}`);
  failed = run.findings.length > 0;
  console.log(failed ? `  ${run.findings.length} finding(s); seed ${seed}` : '  every answer < 500, every 4xx with a §8 code');
} finally {
  await target.close();
}
process.exit(failed ? 1 : 0);
