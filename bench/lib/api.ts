// One api process for a bench part, started the way production starts it (NODE_ENV=production, the default log
// level and metrics) but as a single node process (`node --import tsx api/src/main.ts`, like bare-server.mjs is one
// node process), so its pid is the server's: /proc gives its memory, --cpu-prof profiles it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..', '..');
const HOST = '127.0.0.1';

/** This helper's port range (issue 14: H7 owns 4700–4799); each part takes the next port. */
let nextPort = Number(process.env.BENCH_PORT_BASE ?? 4700);
function benchPort(): number {
  return nextPort++;
}

export interface BenchApi {
  url: string;
  pid: number;
  /** Prometheus endpoint of the api (H2's METRICS_PORT), when the api serves one. */
  metricsUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface BenchApiOptions {
  label: string;
  logDir: string;
  /** Extra env over the production-like defaults below. */
  env?: Record<string, string>;
  /** Directory for `node --cpu-prof` output (BENCH_CPU_PROF=1). */
  cpuProfDir?: string;
  startTimeoutMs?: number;
}

/** Environment of a bench api: ours minus anything pointing at other servers, production mode, sandbox adapters. */
function apiEnv(port: number, metricsPort: number, extra: Record<string, string>, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'PORT', 'API_PORT', 'PGLITE_DIR', 'LOG_LEVEL', 'METRICS_PORT', 'NODE_OPTIONS']) {
    delete env[key];
  }
  return {
    ...env,
    NODE_ENV: 'production',
    HOST,
    API_PORT: String(port),
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    // production has no sandbox powers, but the only custody/market adapters are the sandbox ones (issue 7)
    SANDBOX_MODE: 'true',
    // NODE_ENV=production needs its own keys, sandbox or not (issue 24)
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: HOST,
    ...extra,
  };
}

export async function startBenchApi(opts: BenchApiOptions): Promise<BenchApi> {
  fs.mkdirSync(opts.logDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const port = benchPort();
  const metricsPort = benchPort();
  const logFile = path.join(opts.logDir, `api-${opts.label}.log`);
  const fd = fs.openSync(logFile, 'w');
  const nodeArgs = ['--import', 'tsx'];
  if (opts.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  // e.g. BENCH_API_NODE_ARGS=--perf-basic-prof for `perf record -p <pid>`
  nodeArgs.push(...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    env: apiEnv(port, metricsPort, opts.env ?? {}, dataDir),
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const url = `http://${HOST}:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000).unref());
      if ((await Promise.race([exit, timer])) === 'timeout') child.kill('SIGKILL');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', () => {
    if (!exited) child.kill('SIGKILL');
  });
  const deadline = Date.now() + (opts.startTimeoutMs ?? 120_000);
  let last = '';
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const res = await fetch(`${url}/api/v1/healthz`, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      if (res.ok) return { url, pid: child.pid!, metricsUrl: `http://${HOST}:${metricsPort}/metrics`, logFile, stop };
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`the ${opts.label} api did not become healthy (last: ${last}); ${logFile}:\n${tail}`);
}

/** Resident set of a process from /proc (Linux), in bytes. */
export function rssOf(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** One gauge of a Prometheus text exposition (first sample), or undefined. */
export async function scrapeGauge(metricsUrl: string, name: string): Promise<number | undefined> {
  try {
    const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return undefined;
    const text = await res.text();
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh database on the shared PostgreSQL (127.0.0.1:5432, trust), dropped by the returned function. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await psql(base, `CREATE DATABASE ${name}`);
  return {
    url: `${base}/${name}`,
    drop: () => psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function psql(base: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [`${base}/postgres`, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql ${sql}: ${err.trim()}`))));
  });
}
