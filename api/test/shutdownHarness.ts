// Helpers of the graceful-shutdown tests (issue 14): a real process (node --import tsx <entry>) on a port of
// H3's range, a steady keep-alive load that classifies every outcome, and WebSocket clients that record the
// close code.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Ports of the shutdown tests: 4300-4349 (issue 14, helper H3); SHUTDOWN_PORT_BASE moves the range. */
const PORT_BASE = Number(process.env.SHUTDOWN_PORT_BASE ?? 4300);
let nextPort = PORT_BASE + (process.pid % 25);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = PORT_BASE + ((nextPort - PORT_BASE + i) % 50);
    if (await portFree(port)) {
      nextPort = port + 1;
      return port;
    }
  }
  throw new Error(`shutdown tests: no free port in ${PORT_BASE}-${PORT_BASE + 49} (set SHUTDOWN_PORT_BASE)`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code and the time from `since` (ms). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts `node --import tsx entry`; an env value of '' removes the variable. */
export function startProcess(entry: string, cwd: string, env: Record<string, string>): Proc {
  const full: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', ...env };
  for (const [k, v] of Object.entries(env)) if (v === '') delete full[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd,
    env: full as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const take = (chunk: Buffer) => {
    out += chunk.toString();
  };
  proc.stdout?.on('data', take);
  proc.stderr?.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { proc, output: () => out, exited };
}

export async function waitForHttp(url: string, timeoutMs: number, proc?: Proc): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.proc.exitCode !== null) throw new Error(`process exited before ${url} answered:\n${proc.output().slice(-4000)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms${proc ? `:\n${proc.output().slice(-4000)}` : ''}`);
    await sleep(100);
  }
}

export interface Outcome {
  kind: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: unknown;
  /** Network error code (ECONNRESET, ECONNREFUSED, …) or message. */
  error?: string;
  /** The request went out on a keep-alive socket that had carried an earlier answer (Node's request.reusedSocket). */
  reusedSocket?: boolean;
  /** The answer asked to close the connection. */
  connectionClose?: boolean;
  key?: string;
}

export function request(
  agent: http.Agent,
  base: string,
  method: string,
  urlPath: string,
  kind: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const startedAt = Date.now();
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent,
        headers: { ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}), ...headers },
        timeout: 20_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({
            kind,
            startedAt,
            endedAt: Date.now(),
            status: res.statusCode,
            body: parsed,
            reusedSocket: req.reusedSocket,
            connectionClose: String(res.headers.connection ?? '').toLowerCase() === 'close',
            key: headers['idempotency-key'],
          });
        });
        res.on('error', (err: NodeJS.ErrnoException) =>
          resolve({
            kind,
            startedAt,
            endedAt: Date.now(),
            status: res.statusCode,
            error: `incomplete answer: ${err.code ?? err.message}`,
            key: headers['idempotency-key'],
          }),
        );
        res.on('aborted', () =>
          resolve({ kind, startedAt, endedAt: Date.now(), status: res.statusCode, error: 'incomplete answer: aborted', key: headers['idempotency-key'] }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('client timeout')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ kind, startedAt, endedAt: Date.now(), error: err.code ?? err.message, reusedSocket: req.reusedSocket, key: headers['idempotency-key'] }),
    );
    req.end(data);
  });
}

/** Network errors a client of a replica that went away retries elsewhere. */
export const REFUSED = new Set(['ECONNREFUSED']);
/** Errors on a request written to a keep-alive socket the server closed as idle: the server never read it. */
export const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'socket hang up']);

/**
 * Checks one outcome against the drain's promise; returns the problem or undefined. An accepted request gets a
 * complete answer (2xx/4xx, or 503 ERR_SERVICE_UNAVAILABLE while draining); a refused connection is fine; a reset
 * is fine only on a reused idle socket or on a connection opened after SIGTERM (the request never reached the
 * process — for orders the caller checks the database: no order exists for an errored request).
 */
export function problemOf(o: Outcome, sigtermAt: number): string | undefined {
  if (o.error) {
    if (REFUSED.has(o.error)) return undefined;
    if (STALE_SOCKET.has(o.error) && o.reusedSocket) return undefined;
    // A connection still in the kernel's accept queue when the listener closes is reset: the process never saw
    // it. Possible only once the drain has begun.
    if (o.error === 'ECONNRESET' && o.startedAt >= sigtermAt) return undefined;
    return `${o.kind}: ${o.error}${o.reusedSocket ? '' : ' on a fresh connection'} at ${o.startedAt - sigtermAt} ms from SIGTERM`;
  }
  if (o.status === undefined) return `${o.kind}: no status`;
  if (o.status === 503) {
    const code = (o.body as { code?: string } | undefined)?.code;
    return code === 'ERR_SERVICE_UNAVAILABLE' ? undefined : `${o.kind}: 503 without the catalogue code: ${JSON.stringify(o.body)}`;
  }
  if (o.status >= 500) return `${o.kind}: ${o.status} ${JSON.stringify(o.body)}`;
  return undefined;
}

export interface WsProbe {
  socket: WebSocket;
  closed: Promise<{ code: number; at: number; reason: string }>;
}

export async function openWs(url: string, subscribe?: unknown): Promise<WsProbe> {
  const socket = new WebSocket(url, { headers: { origin: 'http://127.0.0.1' } });
  const closed = new Promise<{ code: number; at: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, at: Date.now(), reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  if (subscribe) socket.send(JSON.stringify(subscribe));
  return { socket, closed };
}
