// Fault-test harness (issue 14): a private PostgreSQL cluster and Redis server per suite, and the real api as a
// child process (`tsx`) that the tests kill -9 and restart. The machine's shared PostgreSQL (5432) and Redis (6379)
// are never touched. `pnpm test:fault` is an operator/CI command: without the PostgreSQL server binaries or
// redis-server it fails with a message naming what it needs, it never skips.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const API_DIR = path.join(REPO_ROOT, 'api');
/** The api's own entry (api/package.json "start": tsx src/main.ts). */
export const MAIN_ENTRY = path.join(API_DIR, 'src', 'main.ts');
/** The same start-up with a custody that records every payout in a file (see apiWithPayoutLog.ts). */
export const PAYOUT_LOG_ENTRY = path.join(__dirname, 'apiWithPayoutLog.ts');

/** Ports of this suite (issue 14 gives the fault tests 4800-4899); FAULT_PORT_BASE moves the range. */
const PORT_BASE = Number(process.env.FAULT_PORT_BASE ?? 4800);
const PORT_COUNT = 100;
let nextPort = PORT_BASE + (process.pid % 20);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port of the suite's range. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < PORT_COUNT; i++) {
    const port = PORT_BASE + ((nextPort - PORT_BASE + i) % PORT_COUNT);
    if (await portFree(port)) {
      nextPort = port + 1;
      return port;
    }
  }
  throw new Error(`fault tests: no free port in ${PORT_BASE}-${PORT_BASE + PORT_COUNT - 1} (set FAULT_PORT_BASE)`);
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined | false>, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`fault tests: ${what} not within ${timeoutMs} ms${last ? ` (last error: ${(last as Error).message})` : ''}`);
}

// ── Clean-up ─────────────────────────────────────────────────────────

/**
 * Whatever a suite started is stopped when the test process exits, even when afterAll never ran (a timeout, Ctrl-C):
 * no PostgreSQL cluster, Redis server or api is left behind. Synchronous, as the 'exit' event requires.
 */
const cleanups = new Set<() => void>();
let exitHookInstalled = false;
function onExit(cleanup: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of cleanups) {
        try {
          c();
        } catch {
          // best effort
        }
      }
    });
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

// ── What the suite needs ─────────────────────────────────────────────

function findPgBin(): string | undefined {
  const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin'];
  try {
    const root = '/usr/lib/postgresql';
    for (const v of fs.readdirSync(root).sort().reverse()) candidates.push(path.join(root, v, 'bin'));
  } catch {
    // no Debian layout
  }
  try {
    candidates.push(path.dirname(execFileSync('which', ['pg_ctl'], { encoding: 'utf8' }).trim()));
  } catch {
    // not on PATH
  }
  return candidates.find((d) => d && ['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(d, b))));
}

function findRedisServer(): string | undefined {
  if (process.env.REDIS_SERVER && fs.existsSync(process.env.REDIS_SERVER)) return process.env.REDIS_SERVER;
  try {
    return execFileSync('which', ['redis-server'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Throws (never skips) when a binary the fault tests need is missing. */
export function requireFaultTools(): { pgBin: string; redisServer: string } {
  const pgBin = findPgBin();
  const redisServer = findRedisServer();
  const missing: string[] = [];
  if (!pgBin) {
    missing.push(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres): install PostgreSQL 15+ (Debian: apt-get install postgresql) or set PG_BIN to the folder holding them',
    );
  }
  if (!redisServer) missing.push('redis-server: install Redis 7 (Debian: apt-get install redis-server) or set REDIS_SERVER to its path');
  if (missing.length) {
    throw new Error(`pnpm test:fault starts its own PostgreSQL cluster and Redis server and cannot run without:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  }
  return { pgBin: pgBin as string, redisServer: redisServer as string };
}

// ── PostgreSQL ───────────────────────────────────────────────────────

/** initdb refuses to run as root: the cluster then belongs to the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error('pnpm test:fault runs as root, and initdb refuses root: create a `postgres` system user (apt-get install postgresql does)');
  }
}

export class PgCluster {
  private forget: () => void = () => undefined;

  private constructor(
    readonly pgBin: string,
    readonly dir: string,
    readonly port: number,
    private readonly user: { uid: number; gid: number } | undefined,
  ) {}

  /** initdb into a temp dir (trust auth) and start on a free port. */
  static async start(): Promise<PgCluster> {
    const { pgBin } = requireFaultTools();
    const user = runAs();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-pg-'));
    if (user) fs.chownSync(dir, user.uid, user.gid);
    const port = await freePort();
    const cluster = new PgCluster(pgBin, dir, port, user);
    cluster.forget = onExit(() => {
      cluster.run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    });
    cluster.run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await cluster.startServer();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  urlOf(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private run(bin: string, args: string[]): string {
    return execFileSync(path.join(this.pgBin, bin), args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: this.dir,
      ...(this.user ?? {}),
    });
  }

  async startServer(): Promise<void> {
    // The process is only this suite's: durability across an OS crash is not what the tests are about.
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-l', path.join(this.dir, 'server.log'), '-o', opts, '-w', '-t', '30', 'start']);
    await waitFor('PostgreSQL', 15_000, async () => {
      const c = new pg.Client({ connectionString: this.url });
      await c.connect();
      await c.end();
      return true;
    });
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', '-t', '30', 'stop']);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.startServer();
  }

  /** A fresh database of this cluster. */
  async createDatabase(prefix = 'fault'): Promise<string> {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    await this.query(`CREATE DATABASE ${name}`);
    return name;
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], database = 'postgres'): Promise<T[]> {
    const c = new pg.Client({ connectionString: this.urlOf(database) });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  async destroy(): Promise<void> {
    this.forget();
    try {
      await this.stop('immediate');
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

// ── Redis ────────────────────────────────────────────────────────────

export class RedisServer {
  private proc: ChildProcess | undefined;
  private constructor(
    readonly bin: string,
    readonly port: number,
  ) {}

  static async start(): Promise<RedisServer> {
    const { redisServer } = requireFaultTools();
    const r = new RedisServer(redisServer, await freePort());
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  async start(): Promise<void> {
    if (this.proc) return;
    const proc = spawn(this.bin, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.proc = proc;
    const forget = onExit(() => proc.kill('SIGKILL'));
    proc.once('exit', () => {
      forget();
      if (this.proc === proc) this.proc = undefined;
    });
    await waitFor('redis-server', 10_000, () => portOpen(this.port));
  }

  /** Stops the server the hard way (SIGKILL): clients see connections drop, not a polite shutdown. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  }
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

// ── The api process ─────────────────────────────────────────────────

export interface ApiProcessOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** Default MAIN_ENTRY (the real api entry). */
  entry?: string;
  /** Extra environment (overrides the defaults below). */
  env?: Record<string, string>;
  /** Where the process's stdout/stderr go (kept for a failing test's post-mortem). */
  logFile?: string;
}

/** The api's environment for the fault tests: sandbox, fast order job, cheap hashing, limits out of the way. */
function apiEnv(port: number, o: ApiProcessOptions): Record<string, string> {
  return {
    API_PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    ...(o.redisUrl ? { REDIS_URL: o.redisUrl } : {}),
    NODE_ENV: 'test',
    SANDBOX_MODE: 'true',
    LOG_LEVEL: 'warn',
    METRICS_PORT: 'off',
    TICK_INTERVAL_MS: '500',
    CONFIRMATION_INTERVAL_MS: '20',
    ARGON2_MEMORY_KIB: '256',
    ARGON2_TIME_COST: '1',
    JWT_SECRET: 'fault-test-secret-'.padEnd(48, 'x'),
    HTTP_RATE_LIMITS: 'orderCreate=100000,affiliateWithdraw=100000,register=100000,login=100000,requestEmailConfirmation=100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    RATE_LIMIT_RESET_PER_IP: '100000',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    KYC_STORAGE_DIR: path.join(os.tmpdir(), 'fault-kyc'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...(o.env ?? {}),
  };
}

export class ApiProcess {
  private proc: ChildProcess | undefined;
  private exitCode: number | null | undefined;
  /** Everything the process wrote (also in logFile). */
  output = '';
  /** What the current process wrote first (its start-up). */
  private startOutput = '';

  private constructor(
    /** Changes only when another process took it (see start). */
    public port: number,
    private readonly options: ApiProcessOptions,
  ) {}

  /** Spawns the api and waits until /api/v1/health answers. */
  static async start(options: ApiProcessOptions): Promise<ApiProcess> {
    const api = new ApiProcess(await freePort(), options);
    await api.start();
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Whether the process is running (an unexpected exit is a crash the tests report). */
  get alive(): boolean {
    return this.proc !== undefined && this.exitCode === undefined;
  }

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (this.alive) throw new Error('api already running');
    for (let attempt = 1; ; attempt++) {
      if (await this.spawnOnce(extraEnv)) return;
      const said = this.startOutput;
      // Another process took the port between the check and the listen (or between a kill -9 and the restart).
      if (/EADDRINUSE/.test(said) && attempt < 3) {
        this.port = await freePort();
        continue;
      }
      throw new Error(`api exited during start-up (${this.exitCode}):\n${said.slice(-3000)}`);
    }
  }

  /** True when the api answers its liveness call; false when it exited first. */
  private async spawnOnce(extraEnv: Record<string, string>): Promise<boolean> {
    const env = { ...process.env, ...apiEnv(this.port, this.options), ...extraEnv };
    // Jest's own variables would make the api think it is under test in-process.
    delete env.JEST_WORKER_ID;
    // `tsx src/main.ts` as one process (node --import tsx): the tsx CLI would put a second process in between, and a
    // kill -9 of it would leave the api running.
    const proc = spawn(process.execPath, ['--import', 'tsx', this.options.entry ?? MAIN_ENTRY], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    this.exitCode = undefined;
    this.startOutput = '';
    const log = this.options.logFile ? fs.createWriteStream(this.options.logFile, { flags: 'a' }) : undefined;
    const take = (chunk: Buffer) => {
      const s = chunk.toString();
      this.output = (this.output + s).slice(-200_000);
      if (this.startOutput.length < 100_000) this.startOutput += s;
      log?.write(s);
    };
    proc.stdout?.on('data', take);
    proc.stderr?.on('data', take);
    const forget = onExit(() => proc.kill('SIGKILL'));
    const exited = new Promise<void>((resolve) =>
      proc.once('exit', (code, signal) => {
        forget();
        this.exitCode = code ?? (signal ? -1 : null);
        log?.end();
        resolve();
      }),
    );
    const state = await waitFor(`the api on port ${this.port}`, 60_000, async () => {
      if (this.exitCode !== undefined) return 'exited';
      const res = await fetch(`${this.url}/api/v1/healthz`);
      return res.ok ? 'up' : false;
    });
    if (state === 'exited') await exited;
    return state === 'up';
  }

  /** kill -9: no shutdown hook runs, in-flight requests and transactions are cut. */
  async kill9(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.exitCode !== undefined) return;
    const exited = new Promise((r) => proc.once('exit', r));
    // Anything the api spawned goes too (it spawns nothing today).
    for (const pid of descendants(proc.pid as number)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    proc.kill('SIGKILL');
    await exited;
  }

  async restart(extraEnv: Record<string, string> = {}): Promise<void> {
    await this.kill9();
    await this.start(extraEnv);
  }

  async stop(): Promise<void> {
    await this.kill9();
  }

  async get(p: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const res = await fetch(this.url + p, { headers });
    const text = await res.text();
    return { status: res.status, body: text ? safeJson(text) : undefined };
  }

  async post(p: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const res = await fetch(this.url + p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? safeJson(text) : undefined };
  }
}

/** A JSON answer, read loosely by the tests (its shape is the route table's, checked by the api's own tests). */
// biome-ignore lint/suspicious/noExplicitAny: answers are asserted field by field
export type Json = any;

function safeJson(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every process below `pid` (tsx spawns node for the script), deepest last. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    let children: number[] = [];
    try {
      children = fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return;
    }
    for (const c of children) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

export { sleep, waitFor };
