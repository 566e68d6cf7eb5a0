// Processes a spec starts of its own next to the stack the harness runs (a copy of a remote's dist, an api, a web),
// each in its own process group so that stopping it also stops what pnpm/tsx spawned below it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ROOT, remoteEnvVar, type RemoteName } from '../harness/apps';
import { stackInfo } from '../harness/client';
import { freePort } from '../harness/stack';

interface WaitOptions {
  /** How long the process may take to answer (default 60 s). */
  timeoutMs?: number;
  /** Whether an answer means it is serving (default: a 2xx). */
  accept?: (res: Response) => boolean;
}

/** Resolves once `url` answers as `accept` wants; throws when `child` exits first or the time is up. */
async function waitUntilServing(url: string, child: ChildProcess, o: WaitOptions = {}): Promise<void> {
  const accept = o.accept ?? ((res) => res.ok);
  const deadline = Date.now() + (o.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(accept, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** waitUntilServing for a process this file started: stopped again when it does not come up (the spec never sees it). */
async function untilServing(url: string, child: ChildProcess, o?: WaitOptions): Promise<void> {
  try {
    await waitUntilServing(url, child, o);
  } catch (err) {
    await stopProcessGroup(child);
    throw err;
  }
}

/** Stops a process started `detached` (its own group) with everything below it; resolves once it has exited. */
export async function stopProcessGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/**
 * A static server (tooling/static-server.mjs) for a copy of a remote's dist, once its mf-manifest.json answers; on a
 * free port, or on `port` (the same remote started again after a spec stopped it).
 */
export async function serveRemoteCopy(dir: string, port?: number): Promise<{ url: string; child: ChildProcess }> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['tooling/static-server.mjs', dir, String(port)], { cwd: ROOT, stdio: 'ignore', detached: true });
  await untilServing(`${url}/mf-manifest.json`, child);
  return { url, child };
}

export interface OwnWebOptions {
  /** The api web talks to (API_URL). */
  apiUrl: string;
  /** Its port, when something started before it must know its URL (default: a free one). */
  port?: number;
  /** Remotes served from elsewhere than the stack's static servers (REMOTE_<NAME>_URL). */
  remotes?: Partial<Record<RemoteName, string>>;
  /** More of web's environment (e.g. REMOTE_MFE_BLOG_SERVER_URL). */
  env?: Record<string, string>;
  /** Where web writes its stdout and stderr (default: nowhere). */
  logFile?: string;
  /** What web answers once it serves (default `/`), and how it is waited for. */
  readyPath?: string;
  wait?: WaitOptions;
}

/**
 * A web process of the spec's own (`pnpm --filter web serve`) on a free port, in front of `apiUrl` and the stack's
 * remotes (but for `remotes`), its PUBLIC_ORIGIN its own URL; resolves once `readyPath` answers.
 */
export async function startOwnWeb(o: OwnWebOptions): Promise<{ url: string; child: ChildProcess }> {
  const port = o.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const remotes = { ...stackInfo().remotes, ...o.remotes };
  const remoteEnv = Object.fromEntries(Object.entries(remotes).map(([name, remoteUrl]) => [remoteEnvVar(name as RemoteName), remoteUrl]));
  const log = o.logFile ? fs.openSync(o.logFile, 'w') : 'ignore';
  const child = spawn('pnpm', ['--filter', 'web', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    detached: true,
    env: { ...process.env, ...remoteEnv, ...o.env, WEB_PORT: String(port), API_URL: o.apiUrl, PUBLIC_ORIGIN: url },
  });
  if (typeof log === 'number') fs.closeSync(log);
  await untilServing(`${url}${o.readyPath ?? '/'}`, child, o.wait);
  return { url, child };
}
