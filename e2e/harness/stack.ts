// The production shape on free local ports (DESIGN.md "What runs"), for the browser tests and the bench:
//   api    `pnpm --filter api start`            temp PGLITE_DIR, short TICK_INTERVAL_MS
//   remote `node tooling/static-server.mjs`     one static server per remote dist
//   web    `pnpm --filter shell serve`          REMOTE_<NAME>_URL → the remote servers, API_URL → the api
// Every child runs in its own process group so that stopping it also stops what pnpm/tsx spawned below it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, ROOT, remoteEnvVar, type RemoteName } from './apps';

export interface StackInfo {
  webUrl: string;
  apiUrl: string;
  /** remote name → base URL of its static server (no trailing slash) */
  remotes: Record<RemoteName, string>;
  logDir: string;
}

export interface Stack extends StackInfo {
  stop(): Promise<void>;
}

export interface StackOptions {
  /** TICK_INTERVAL_MS of the api (default 1000). */
  tickIntervalMs?: number;
  /** Where each process writes its log (default e2e/.harness/logs). */
  logDir?: string;
  /** How long each process may take to become healthy (default 120 s: tsx + PGlite initdb on a busy machine). */
  startTimeoutMs?: number;
  /** Extra env for the api (e.g. LOG_LEVEL). */
  apiEnv?: Record<string, string>;
}

const HOST = '127.0.0.1';

/** A free TCP port on 127.0.0.1 (bound then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const live = new Set<ManagedProcess>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort: never leave a server behind when the runner dies.
  process.on('exit', () => {
    for (const p of live) p.killGroup('SIGKILL');
  });
}

/** A child in its own process group, its output appended to `logFile` (also used by ownStack.ts). */
export class ManagedProcess {
  private child?: ChildProcess;
  private exitPromise?: Promise<number | null>;

  constructor(
    readonly label: string,
    private readonly cmd: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
    private readonly cwd: string = ROOT,
  ) {}

  /** The child's pid (its process group's id too). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) return;
    installExitHook();
    fs.appendFileSync(this.logFile, `\n===== ${new Date().toISOString()} start: ${this.cmd} ${this.args.join(' ')}\n`);
    const fd = fs.openSync(this.logFile, 'a');
    const child = spawn(this.cmd, this.args, { cwd: this.cwd, env: this.env, detached: true, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    this.child = child;
    live.add(this);
    this.exitPromise = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        fs.appendFileSync(this.logFile, `\n===== ${new Date().toISOString()} exit: code ${code} signal ${signal}\n`);
        resolve(code);
      });
      child.once('error', (err) => {
        fs.appendFileSync(this.logFile, `\n===== spawn error: ${err.message}\n`);
        resolve(-1);
      });
    });
  }

  killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      /* group already gone */
    }
  }

  async stop(timeoutMs = 5000): Promise<void> {
    if (!this.child) return;
    if (this.running) {
      this.killGroup('SIGTERM');
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
      if ((await Promise.race([this.exitPromise, timer])) === 'timeout') this.killGroup('SIGKILL');
      await this.exitPromise;
    }
    // pnpm → tsx → node: make sure nothing of the group survives its leader.
    this.killGroup('SIGKILL');
    live.delete(this);
  }

  exited(): Promise<number | null> {
    return this.exitPromise ?? Promise.resolve(null);
  }

  tail(lines = 40): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }
}

/** Resolves once `url` answers as `accept` wants (default: a 2xx); throws when `proc` exits first or the time is up. */
export async function waitHealthy(
  proc: ManagedProcess,
  url: string,
  timeoutMs: number,
  accept: (status: number) => boolean = (st) => st >= 200 && st < 300,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited().then(() => (exited = true));
  let last = '';
  while (Date.now() < deadline) {
    if (exited || !proc.running) {
      throw new Error(`${proc.label} exited before ${url} became healthy. Last log lines (${proc.logFile}):\n${proc.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      if (accept(res.status)) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.label} not healthy at ${url} after ${timeoutMs} ms (last: ${last}). Last log lines (${proc.logFile}):\n${proc.tail()}`);
}

/** Throws a clear error naming every missing build output. */
function assertBuilt(): void {
  const needed = [
    'shell/dist/index.html',
    'shell/dist/server/main.js',
    ...REMOTES.flatMap((r) => [`${r.dir}/dist/mf-manifest.json`, `${r.dir}/dist/remoteEntry.js`, `${r.dir}/dist/server/remoteEntry.js`]),
  ];
  const missing = needed.filter((p) => !fs.existsSync(path.join(ROOT, p)));
  if (missing.length > 0) {
    throw new Error(
      `Missing build output: ${missing.join(', ')}.\nRun \`node scripts/build.mjs --missing\` (or \`node scripts/build.mjs\`) from the repository root first.`,
    );
  }
  if (!fs.existsSync(path.join(ROOT, 'tooling/static-server.mjs'))) {
    throw new Error('tooling/static-server.mjs is missing: the remotes cannot be served on their own ports (docs/ARCHITECTURE.md).');
  }
}

/** The environment every child starts from: ours, minus anything that would point it at other servers. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST, NODE_ENV: 'production' };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'PORT', 'WEB_PORT', 'API_PORT', 'API_URL', 'PGLITE_DIR']) delete env[key];
  for (const r of REMOTES) delete env[remoteEnvVar(r.name)];
  // Opt-in: run the e2e stack on a real PostgreSQL / Redis.
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;
  return env;
}

function apiProcess(env: NodeJS.ProcessEnv, port: number, dataDir: string, logDir: string, options: StackOptions): ManagedProcess {
  return new ManagedProcess(
    'api',
    'pnpm',
    ['--filter', 'api', 'start'],
    {
      ...env,
      API_PORT: String(port),
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      TICK_INTERVAL_MS: String(options.tickIntervalMs ?? 1000),
      LOG_LEVEL: 'warn',
      // NODE_ENV=production must choose sandbox mode explicitly (issue 7 production mode)
      SANDBOX_MODE: 'true',
      // ... and bring its own keys, sandbox or not (issue 24): fresh ones per stack
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // §4 ckm A on every pair: a typed email is confirmed by code (ckm-email-confirmation.spec.ts)
      CKM_MODE: 'ALL',
      // exchange journeys: quick sandbox confirmations, and any market move is a fixed-rate problem (exchange-fixed.spec.ts)
      CONFIRMATION_INTERVAL_MS: '500',
      FIXED_RATE_VOLATILITY_THRESHOLD: '0.000001',
      // new-rate offers expire soon, so new-rate-offer.spec.ts sees one renewed before it is paid (issue 23)
      NEW_RATE_OFFER_TTL_SECONDS: '20',
      // money journeys (money.spec.ts): a withdrawal is paid out a second after it is made
      WITHDRAWAL_PAYOUT_DELAY_MS: '1000',
      // ... of commission and cashback withdrawable at once (no AFFILIATE_HOLD_DAYS hold: issue 24)
      AFFILIATE_HOLD_DAYS: '0',
      // a fresh account per journey: the whole suite registers over 20 accounts from 127.0.0.1 within the api's
      // 15-minute window (default 20 per address), which no journey is about
      RATE_LIMIT_REGISTER_PER_IP: '100',
      // ... and, two spec files at a time (playwright.config.ts), more sign-ins and email confirmations than the
      // defaults allow one address (50 and 20 per window); the limits' own behaviour is the api's tests' (limits/)
      RATE_LIMIT_LOGIN_PER_IP: '500',
      RATE_LIMIT_RESET_PER_IP: '200',
      ...options.apiEnv,
    },
    path.join(logDir, 'api.log'),
  );
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  assertBuilt();
  const timeout = options.startTimeoutMs ?? 120_000;
  const logDir = options.logDir ?? path.join(ROOT, 'e2e', '.harness', 'logs');
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-'));

  const apiPort = await freePort();
  const webPort = await freePort();
  const remotePorts = {} as Record<RemoteName, number>;
  for (const r of REMOTES) remotePorts[r.name] = await freePort();

  const apiUrl = `http://${HOST}:${apiPort}`;
  const webUrl = `http://${HOST}:${webPort}`;
  const remotes = Object.fromEntries(REMOTES.map((r) => [r.name, `http://${HOST}:${remotePorts[r.name]}`])) as Record<RemoteName, string>;

  const env = baseEnv();
  // PUBLIC_ORIGIN: the api's CSRF Origin check must accept pages served by web (it proxies /api)
  const api = apiProcess(env, apiPort, dataDir, logDir, { ...options, apiEnv: { PUBLIC_ORIGIN: webUrl, ...options.apiEnv } });
  const remoteProcs = {} as Record<RemoteName, ManagedProcess>;
  for (const r of REMOTES) {
    remoteProcs[r.name] = new ManagedProcess(
      r.dir,
      process.execPath,
      ['tooling/static-server.mjs', `${r.dir}/dist`, String(remotePorts[r.name])],
      { ...env, PORT: String(remotePorts[r.name]) },
      path.join(logDir, `${r.dir}.log`),
    );
  }
  const web = new ManagedProcess(
    'web',
    'pnpm',
    ['--filter', 'web', 'serve'],
    {
      ...env,
      WEB_PORT: String(webPort),
      API_URL: apiUrl,
      // the origin web tells the api (X-Forwarded-Host/Proto) and the one the api's CSRF check expects
      PUBLIC_ORIGIN: webUrl,
      ...Object.fromEntries(REMOTES.map((r) => [remoteEnvVar(r.name), remotes[r.name]])),
    },
    path.join(logDir, 'web.log'),
  );

  const all = [api, ...Object.values(remoteProcs), web];
  const stop = async () => {
    await Promise.all(all.map((p) => p.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    for (const p of all) p.start();
    await Promise.all([
      waitHealthy(api, `${apiUrl}/api/v1/healthz`, timeout),
      ...REMOTES.map((r) => waitHealthy(remoteProcs[r.name], `${remotes[r.name]}/mf-manifest.json`, timeout)),
      waitHealthy(web, `${webUrl}/`, timeout),
    ]);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    webUrl,
    apiUrl,
    remotes,
    logDir,
    stop,
  };
}
