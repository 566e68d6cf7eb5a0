// A stack of a spec's own, beside (or instead of) the one globalSetup runs: admin CLI commands first (an embedded
// PGlite database is one process at a time, so the CLI writes it before any api opens it), then one or more api
// replicas, then a web in front of them all (API_URL lists every replica, web/src/apiUpstream.ts).
//   database 'pglite'   (default) a fresh PGLITE_DIR in a temp dir: one replica only
//   database 'postgres' a fresh database on the shared server (127.0.0.1:5432, E2E_PG_URL to change), dropped on stop
//   redis: true         a private redis-server on a free port (pub/sub channels are not per database index, so a
//                       shared Redis would mix this stack's rate ticks with another's)
//   web.remotes 'stack' the remotes of the harness's stack (its static servers); 'web' (default) web serves them
// Every process logs to e2e/.harness/logs/<label>/<name>.log and runs in its own process group.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, ROOT, remoteEnvVar, type RemoteName } from './apps';
import { stackInfo } from './client';
import { freePort, ManagedProcess, waitHealthy } from './stack';

const HOST = '127.0.0.1';

export interface OwnStackOptions {
  /** Names the temp dir, the log folder and the database. */
  label: string;
  /** `pnpm admin <command…>` runs before the api starts, with the api's database settings plus `env`. */
  admin?: { commands: string[][]; env?: Record<string, string> };
  database?: 'pglite' | 'postgres';
  redis?: boolean;
  api?: {
    replicas?: number;
    /** More of every replica's environment; a function gets the stack's temp dir (e.g. for KYC_STORAGE_DIR). */
    env?: Record<string, string> | ((dir: string) => Record<string, string>);
  };
  web?: {
    env?: Record<string, string>;
    /** What web answers once it serves (default `/`, any status below 500). */
    readyPath?: string;
    remotes?: 'stack' | 'web';
  };
  /** Per process (default 90 s). */
  startTimeoutMs?: number;
}

export interface Replica {
  readonly url: string;
  readonly logFile: string;
  readonly running: boolean;
  /** Its process id (the node process itself: replicas are started without a wrapper). */
  readonly pid: number | undefined;
  /** Its log so far. */
  log(): string;
  /** Signals its whole process group; resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (same port and environment); resolves once its health answers. */
  start(): Promise<void>;
}

export interface OwnStack {
  webUrl: string;
  apiUrls: string[];
  replicas: Replica[];
  /** The temp dir (PGlite, KYC files…), removed on stop. */
  dir: string;
  logDir: string;
  /** stdout of each admin command, in order. */
  adminOutput: string[];
  databaseUrl?: string;
  redisUrl?: string;
  /** `psql -At` on the stack's database (postgres only): rows as lines, columns split by `|`. */
  sql(query: string): string[][];
  webLog(): string;
  stop(): Promise<void>;
}

const PG_ADMIN_URL = () => process.env.E2E_PG_URL ?? `postgres://postgres@${HOST}:5432/postgres`;

function psql(url: string, query: string): string[][] {
  const r = spawnSync('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-At', '-d', url, '-c', query], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`psql ${query}: exit ${r.status}\n${r.stderr}`);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('|'));
}

/** The environment every process starts from: ours, minus anything that points at another stack's servers. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'PORT', 'WEB_PORT', 'API_PORT', 'API_URL', 'PGLITE_DIR', 'PUBLIC_ORIGIN']) delete env[key];
  for (const r of REMOTES) delete env[remoteEnvVar(r.name)];
  return env;
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

async function redisReady(port: number, proc: ManagedProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!proc.running) throw new Error(`redis-server exited:\n${proc.tail()}`);
    if (spawnSync('redis-cli', ['-h', HOST, '-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server on ${port} did not answer PING`);
}

export async function startOwnStack(o: OwnStackOptions): Promise<OwnStack> {
  const timeout = o.startTimeoutMs ?? 90_000;
  const replicas = o.api?.replicas ?? 1;
  const database = o.database ?? 'pglite';
  if (database === 'pglite' && replicas > 1) throw new Error('PGlite is one process at a time: several replicas need database: "postgres"');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${o.label}-`));
  const logDir = path.join(ROOT, 'e2e', '.harness', 'logs', o.label);
  fs.rmSync(logDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const procs: ManagedProcess[] = [];
  let databaseUrl: string | undefined;
  let dbName: string | undefined;

  const stop = async () => {
    // web first (it would only answer 503 without the api), then the replicas, then Redis
    await Promise.all(procs.filter((p) => p.label === 'web').map((p) => p.stop()));
    await Promise.all(procs.filter((p) => p.label.startsWith('api')).map((p) => p.stop()));
    await Promise.all(procs.map((p) => p.stop()));
    if (dbName) {
      try {
        psql(PG_ADMIN_URL(), `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      } catch {
        /* the database server went away: nothing to drop */
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const env = cleanEnv();
    const dbEnv: Record<string, string> = {};
    if (database === 'postgres') {
      dbName = `e2e_${o.label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
      psql(PG_ADMIN_URL(), `CREATE DATABASE "${dbName}"`);
      const u = new URL(PG_ADMIN_URL());
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
      dbEnv.DATABASE_URL = databaseUrl;
    } else {
      dbEnv.PGLITE_DIR = path.join(dir, 'pglite');
    }

    let redisUrl: string | undefined;
    if (o.redis) {
      const port = await freePort();
      const redis = new ManagedProcess(
        'redis',
        'redis-server',
        ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'],
        env,
        path.join(logDir, 'redis.log'),
      );
      procs.push(redis);
      redis.start();
      await redisReady(port, redis, 10_000);
      redisUrl = `redis://${HOST}:${port}`;
      dbEnv.REDIS_URL = redisUrl;
    }

    const extraApiEnv = typeof o.api?.env === 'function' ? o.api.env(dir) : (o.api?.env ?? {});
    const apiEnv: NodeJS.ProcessEnv = { ...env, SANDBOX_MODE: 'true', LOG_LEVEL: 'warn', ...dbEnv, ...extraApiEnv };

    const adminOutput: string[] = [];
    for (const command of o.admin?.commands ?? []) {
      const r = spawnSync('pnpm', ['--silent', '--filter', 'api', 'admin', ...command], { cwd: ROOT, env: { ...apiEnv, ...o.admin?.env }, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`pnpm admin ${command.join(' ')}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
      adminOutput.push(r.stdout);
    }

    const webPort = await freePort();
    const webUrl = `http://${HOST}:${webPort}`;
    const apiPorts: number[] = [];
    for (let i = 0; i < replicas; i++) apiPorts.push(await freePort());
    const apiUrls = apiPorts.map((p) => `http://${HOST}:${p}`);
    const apis = apiPorts.map(
      (port, i) =>
        new ManagedProcess(
          `api${i + 1}`,
          process.execPath,
          ['--import', 'tsx', 'src/main.ts'],
          // metrics on a port of their own (0: any free one), never two replicas on the default
          { ...apiEnv, API_PORT: String(port), PUBLIC_ORIGIN: webUrl, METRICS_PORT: '0', ...extraApiEnv },
          path.join(logDir, `api${i + 1}.log`),
          path.join(ROOT, 'api'),
        ),
    );
    procs.push(...apis);
    // together, as compose and Kubernetes start them (a race at start-up, e.g. over migrations, shows here)
    for (const a of apis) a.start();
    await Promise.all(apis.map((a, i) => waitHealthy(a, `${apiUrls[i]}/api/v1/healthz`, timeout)));

    const remoteEnv =
      o.web?.remotes === 'stack' ? Object.fromEntries(Object.entries(stackInfo().remotes).map(([name, url]) => [remoteEnvVar(name as RemoteName), url])) : {};
    const web = new ManagedProcess(
      'web',
      process.execPath,
      ['--import', 'tsx', 'src/main.ts'],
      {
        ...env,
        ...remoteEnv,
        WEB_METRICS_PORT: '0',
        ...o.web?.env,
        WEB_PORT: String(webPort),
        API_URL: apiUrls.join(','),
        PUBLIC_ORIGIN: webUrl,
      },
      path.join(logDir, 'web.log'),
      path.join(ROOT, 'web'),
    );
    procs.push(web);
    web.start();
    await waitHealthy(web, `${webUrl}${o.web?.readyPath ?? '/'}`, timeout, (st) => st < 500);

    return {
      webUrl,
      apiUrls,
      replicas: apis.map((a, i) => ({
        url: apiUrls[i],
        logFile: a.logFile,
        get running() {
          return a.running;
        },
        get pid() {
          return a.pid;
        },
        log: () => readLog(a.logFile),
        async kill(signal: NodeJS.Signals = 'SIGKILL') {
          a.killGroup(signal);
          await a.exited();
        },
        async start() {
          a.start();
          await waitHealthy(a, `${apiUrls[i]}/api/v1/healthz`, timeout);
        },
      })),
      dir,
      logDir,
      adminOutput,
      databaseUrl,
      redisUrl,
      sql: (query) => {
        if (!databaseUrl) throw new Error('sql(): this stack runs on PGlite');
        return psql(databaseUrl, query);
      },
      webLog: () => readLog(web.logFile),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
