// Graceful shutdown of the api (issue 14): on SIGTERM/SIGINT the process stops taking work and finishes what it
// accepted. Order of a drain:
//   1. `begin()`, then SHUTDOWN_GRACE_MS with the listener still open: every request that arrives from now on — readiness (`/api/v1/health`) included, so a load
//      balancer stops sending at once — answers 503 ERR_SERVICE_UNAVAILABLE (§8) with `Connection: close`; a client
//      retries on another replica. Requests already being handled run to the end.
//   2. WebSockets are closed with 1012 (Service Restart): clients reconnect (to another replica) at once.
//   3. Fastify's close(): the listener stops accepting, idle keep-alive connections are closed (and closed again as
//      in-flight answers finish), the order job and the other background workers finish their running pass and
//      start no new one (their onClose hooks), then the database closes (server.ts).
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** RFC 6455 §7.4.1 / IANA: the server is restarting; the client should reconnect. */
const CLOSE_SERVICE_RESTART = 1012;
/** How long a WebSocket client has to answer the close frame before its socket is cut. */
const WS_CLOSE_GRACE_MS = 1_000;

const SHUTTING_DOWN_BODY = {
  statusCode: 503,
  code: 'ERR_SERVICE_UNAVAILABLE',
  message: 'The service is restarting; retry the request',
} as const;

export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown state (lifecycle/drain.ts). */
    drain: Drain;
  }
}

/**
 * Installs the drain's request gate. Call right after the Fastify instance is created (its onRequest hook then
 * runs first), on an instance created with `return503OnClosing: false` so that requests arriving while Fastify
 * closes get this catalogue answer rather than Fastify's own.
 */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  const drain: Drain = {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
  app.decorate('drain', drain);
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    // x-api-draining: nothing was processed, so web's proxy (shell/server/apiUpstreamProxy.ts) may send the request,
    // POST included, to another replica. Only here, never in onSend: an answer that was processed is never retried.
    reply.code(503).header('connection', 'close').header('retry-after', '1').header('x-api-draining', '1').send(SHUTTING_DOWN_BODY);
  });
  // An answer finished while draining closes its connection, so the client never reuses a socket that is about
  // to be closed under it (a request written to it would be lost in flight).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return drain;
}

interface WebSocketServerLike {
  clients: Set<WebSocket>;
}

/** Closes every open WebSocket of the app with 1012; resolves when all are closed (cut after a short grace). */
async function closeWebSockets(app: FastifyInstance, graceMs = WS_CLOSE_GRACE_MS): Promise<number> {
  const wss = (app as unknown as { websocketServer?: WebSocketServerLike }).websocketServer;
  const sockets = [...(wss?.clients ?? [])];
  if (sockets.length === 0) return 0;
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === socket.CLOSED) return resolve();
          const cut = setTimeout(() => socket.terminate(), graceMs);
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
  return sockets.length;
}

/**
 * Drains and closes the Fastify app: the gate (503 and `Connection: close` from now on), WebSockets closed with
 * 1012, then Fastify's close(): the listener stops accepting and idle keep-alive connections are closed (Node's
 * server.close()); a connection busy with a request closes after its answer (the gate's `Connection: close`).
 */
export async function drainAndClose(app: FastifyInstance, { graceMs = 0 }: { graceMs?: number } = {}): Promise<void> {
  app.drain.begin();
  // The grace: the listener stays open and every request gets the 503 with `Connection: close`, so a load
  // balancer sees readiness fail and keep-alive clients leave on an answer rather than on a reset socket.
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs).unref());
  // The 1012 frames go out synchronously here, before @fastify/websocket's own preClose closes the sockets.
  const sockets = closeWebSockets(app);
  await Promise.all([sockets, app.close()]);
}
