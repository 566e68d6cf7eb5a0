// Graceful shutdown of web (issue 14), server-kit's drain as the api's: on SIGTERM/SIGINT
//   1. every new request answers 503 ERR_SERVICE_UNAVAILABLE (§8) with `Connection: close` (and no-store) for
//      SHUTDOWN_GRACE_MS while the listener stays open (a load balancer sees web fail and stops sending; keep-alive
//      clients leave on an answer), and every answer finished meanwhile closes its connection;
//   2. the proxied WebSockets are closed with 1012 (Service Restart): the browser reconnects at once, to another web;
//   3. Fastify's close(): the listener stops, idle connections close, in-flight requests (pages, proxied api calls)
//      finish; exit 0, or exit 1 with a log line past SHUTDOWN_TIMEOUT_MS (server-kit shutdownOnSignals).
import type { FastifyInstance } from 'fastify';
import { type ClosableSocket, type DrainGate, drainAndClose, installDrainGate } from 'server-kit/shutdown';

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
  /** @fastify/http-proxy `wsHooks`: the proxied browser sockets, closed with 1012 on shutdown. */
  wsHooks: { onConnect(context: unknown, source: ClosableSocket): void; onDisconnect(context: unknown, source: ClosableSocket): void };
  /** The request gate (503 + Connection: close while draining); hooks added late still apply to every route. */
  install(app: FastifyInstance): void;
  drainAndClose(app: FastifyInstance, opts?: { graceMs?: number }): Promise<void>;
}

export function createWebLifecycle(): WebLifecycle {
  let gate: DrainGate | undefined;
  const sockets = new Set<ClosableSocket>();
  return {
    wsHooks: {
      onConnect: (_context, source) => {
        sockets.add(source);
      },
      onDisconnect: (_context, source) => {
        sockets.delete(source);
      },
    },
    install(app) {
      gate = installDrainGate(app, { headers: { 'cache-control': 'no-store' } });
    },
    async drainAndClose(app, { graceMs = 0 } = {}) {
      if (!gate) throw new Error('createWebLifecycle: install(app) before drainAndClose');
      await drainAndClose(app, gate, () => sockets, { graceMs });
    },
  };
}
