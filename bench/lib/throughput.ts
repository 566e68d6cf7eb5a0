// GET /api/v2/rates/public/one against a bare Fastify route, measured the same way in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

export const GOAL_RATIO = 0.8;
const here = path.dirname(fileURLToPath(import.meta.url));

export interface Run {
  label: string;
  url: string;
  rps: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  /** CPU (user + system) the server process spent per answered request, µs; undefined without its pid. */
  cpuUsPerRequest?: number;
}

/** utime + stime of a process in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function startBareServer(sameBody?: string): Promise<{ url: string; pid?: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [path.join(here, '..', 'bare-server.mjs')], {
    cwd: path.join(here, '..'),
    env: { ...process.env, ...(sameBody !== undefined && { BARE_SAME_BODY: sameBody }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function warmUp(url: string, connections: number, durationS = 1): Promise<void> {
  // JIT, connection pools, caches: not counted
  await autocannon({ url, connections, duration: durationS });
}

/**
 * Waits (at most `maxMs`) until the process `pid` spends less than `idlePct` % of one core over a second: a server
 * just started is still running its start-up work (on the embedded database that is in its own process: migrations'
 * last statements, the job queue's first sweeps), which is no request's cost. Returns the last second's share.
 */
export async function settled(pid: number | undefined, { idlePct = 3, maxMs = 60_000 } = {}): Promise<number | undefined> {
  if (!pid) return undefined;
  const deadline = Date.now() + maxMs;
  let share: number | undefined;
  while (Date.now() < deadline) {
    const c0 = cpuMsOf(pid);
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 1000));
    const c1 = cpuMsOf(pid);
    if (c0 === undefined || c1 === undefined) return undefined;
    share = ((c1 - c0) / (Date.now() - t0)) * 100;
    if (share < idlePct) break;
  }
  return share;
}

export async function measure(label: string, url: string, opts: { connections: number; duration: number }, serverPid?: number): Promise<Run> {
  const cpu0 = cpuMsOf(serverPid);
  const r: Result = await autocannon({ url, connections: opts.connections, duration: opts.duration });
  const cpu1 = cpuMsOf(serverPid);
  const cpuUsPerRequest = cpu0 !== undefined && cpu1 !== undefined && r.requests.total > 0 ? ((cpu1 - cpu0) * 1000) / r.requests.total : undefined;
  return { label, url, rps: r.requests.average, p99: r.latency.p99, total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts, cpuUsPerRequest };
}

/** Sums several rounds of one route into one Run (req/s = mean of the rounds, p99 = worst round). */
export function combine(runs: Run[]): Run {
  const [first] = runs;
  return {
    ...first,
    rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
    cpuUsPerRequest: runs.every((r) => r.cpuUsPerRequest !== undefined) ? runs.reduce((s, r) => s + r.cpuUsPerRequest!, 0) / runs.length : undefined,
    p99: Math.max(...runs.map((r) => r.p99)),
    total: runs.reduce((s, r) => s + r.total, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
  };
}

export function printThroughput(
  bares: Run[],
  api: Run,
  opts: { connections: number; duration: number; rounds: number; warmUpS: number; perRound: string[] },
): number[] {
  console.log(
    `\n  autocannon: ${opts.connections} connections, ${opts.rounds} alternating round(s) of ${opts.duration} s per route (after a ${opts.warmUpS} s warm-up each), one process per server`,
  );
  for (const line of opts.perRound) console.log(`    ${line}`);
  console.log('  | route                                             |    req/s | p99 ms |  requests | non-2xx | errors | server CPU µs/req |');
  console.log('  |---------------------------------------------------|---------:|-------:|----------:|--------:|-------:|------------------:|');
  for (const r of [...bares, api]) {
    const cpu = r.cpuUsPerRequest === undefined ? 'n/a' : r.cpuUsPerRequest.toFixed(1);
    console.log(
      `  | ${r.label.padEnd(49)} | ${r.rps.toFixed(0).padStart(8)} | ${String(r.p99).padStart(6)} | ${String(r.total).padStart(9)} | ${String(r.non2xx).padStart(7)} | ${String(r.errors).padStart(6)} | ${cpu.padStart(17)} |`,
    );
  }
  if (api.cpuUsPerRequest !== undefined && bares[0]?.cpuUsPerRequest !== undefined) {
    // req/s swings with whatever else runs on the two cores; CPU per request much less
    console.log(
      `  CPU per request: bare ${bares[0].cpuUsPerRequest.toFixed(1)} µs, api ${api.cpuUsPerRequest.toFixed(1)} µs → the api could answer ${((bares[0].cpuUsPerRequest / api.cpuUsPerRequest) * 100).toFixed(1)} % of the bare route's rate on a core of its own`,
    );
  }
  const ratios = bares.map((bare) => api.rps / bare.rps);
  bares.forEach((bare, i) => {
    const verdict = ratios[i] >= GOAL_RATIO ? 'meets' : 'BELOW';
    console.log(`  rates/public/one at ${(ratios[i] * 100).toFixed(1)} % of ${bare.label} → ${verdict} the ${GOAL_RATIO * 100} % goal`);
  });
  if (api.non2xx > 0 || api.errors > 0)
    console.log(`  (warning: the api answered ${api.non2xx} non-2xx and had ${api.errors} errors: its req/s is not a success rate)`);
  return ratios;
}
