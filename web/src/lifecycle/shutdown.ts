// Graceful shutdown of web (issue 14), as the api's (api/src/lifecycle): on SIGTERM/SIGINT
//   1. every new request answers 503 ERR_SERVICE_UNAVAILABLE (§8) with `Connection: close` for SHUTDOWN_GRACE_MS
//      while the listener stays open (a load balancer sees web fail and stops sending; keep-alive clients leave on
//      an answer), and every answer finished meanwhile closes its connection;
//   2. the proxied WebSockets are closed with 1012 (Service Restart): the browser reconnects at once, to another web;
//   3. Fastify's close(): the listener stops, idle connections close, in-flight requests (pages, proxied api calls)
//      finish; exit 0, or exit 1 with a log line past SHUTDOWN_TIMEOUT_MS.
import type { FastifyInstance } from 'fastify';

/** RFC 6455 §7.4.1 / IANA: the server is restarting; the client should reconnect. */
const CLOSE_SERVICE_RESTART = 1012;
const WS_CLOSE_GRACE_MS = 1_000;

const SHUTTING_DOWN_BODY = { statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'The service is restarting; retry the request' } as const;

interface SocketLike {
  readyState: number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  once(event: 'close', listener: () => void): unknown;
}

export interface WebShutdownConfig {
  timeoutMs: number;
  graceMs: number;
}

export function shutdownConfig(env: Record<string, string | undefined>): WebShutdownConfig {
  const num = (v: string | undefined, dflt: number, min: number) => {
    const n = v === undefined || v.trim() === '' ? dflt : Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`Invalid configuration: expected an integer ≥ ${min}, got ${v}`);
    return n;
  };
  const timeoutMs = num(env.SHUTDOWN_TIMEOUT_MS, 25_000, 100);
  return { timeoutMs, graceMs: Math.min(num(env.SHUTDOWN_GRACE_MS, 1_000, 0), Math.floor(timeoutMs / 2)) };
}

export interface WebLifecycle {
  readonly draining: boolean;
  /** @fastify/http-proxy `wsHooks`: the proxied browser sockets, closed with 1012 on shutdown. */
  wsHooks: { onConnect(context: unknown, source: SocketLike): void; onDisconnect(context: unknown, source: SocketLike): void };
  /** The request gate (503 + Connection: close while draining); hooks added late still apply to every route. */
  install(app: FastifyInstance): void;
  drainAndClose(app: FastifyInstance, opts?: { graceMs?: number }): Promise<void>;
}

export function createWebLifecycle(): WebLifecycle {
  let draining = false;
  const sockets = new Set<SocketLike>();
  const closeSockets = () =>
    Promise.all(
      [...sockets].map(
        (socket) =>
          new Promise<void>((resolve) => {
            const cut = setTimeout(() => socket.terminate(), WS_CLOSE_GRACE_MS);
            cut.unref();
            socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            try {
              socket.close(CLOSE_SERVICE_RESTART, 'Service Restart');
            } catch {
              socket.terminate();
            }
          }),
      ),
    );
  return {
    get draining() {
      return draining;
    },
    wsHooks: {
      onConnect: (_context, source) => {
        sockets.add(source);
      },
      onDisconnect: (_context, source) => {
        sockets.delete(source);
      },
    },
    install(app) {
      app.addHook('onRequest', (_request, reply, done) => {
        if (!draining) return done();
        reply.code(503).header('connection', 'close').header('retry-after', '1').header('cache-control', 'no-store').send(SHUTTING_DOWN_BODY);
      });
      app.addHook('onSend', (_request, reply, payload, done) => {
        if (draining) reply.header('connection', 'close');
        done(null, payload);
      });
    },
    async drainAndClose(app, { graceMs = 0 } = {}) {
      draining = true;
      if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs).unref());
      // The 1012 frames go out now, before the proxy's own close of its sockets (no code).
      await Promise.all([closeSockets(), app.close()]);
    },
  };
}

export interface ShutdownLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** SIGTERM/SIGINT → one drain; exit 0 when done, exit 1 with a log line past the deadline. */
export function shutdownOnSignals({
  close,
  timeoutMs,
  log,
  exit = (code) => process.exit(code),
}: {
  close(): Promise<void>;
  timeoutMs: number;
  log: ShutdownLogger;
  exit?: (code: number) => void;
}): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, `${signal}: draining (finishing accepted requests)`);
    const deadline = setTimeout(() => {
      log.error({ signal, timeoutMs }, `shutdown deadline of ${timeoutMs} ms passed with work unfinished; exiting with 1`);
      exit(1);
    }, timeoutMs);
    deadline.unref();
    close().then(
      () => {
        clearTimeout(deadline);
        log.info({ signal, ms: Date.now() - started }, 'shutdown complete');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        log.error({ err, signal }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => shutdown(signal));
}
