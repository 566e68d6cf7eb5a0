// A graceful drain of a Fastify server (issue 14), the same for the api and web:
//   1. `begin()`, then the grace with the listener still open: every request that arrives from now on — readiness
//      included, so a load balancer stops sending at once — answers 503 ERR_SERVICE_UNAVAILABLE (§8) with
//      `Connection: close`; a client retries on another replica. Requests already being handled run to the end, and
//      every answer finished meanwhile closes its connection, so no client reuses a socket about to be closed under it.
//   2. WebSockets are closed with 1012 (Service Restart): clients reconnect (to another replica) at once.
//   3. Fastify's close(): the listener stops accepting, idle keep-alive connections are closed (and closed again as
//      in-flight answers finish), then the app's onClose hooks run.
import type { FastifyInstance } from 'fastify';

/** RFC 6455 §7.4.1 / IANA: the server is restarting; the client should reconnect. */
const CLOSE_SERVICE_RESTART = 1012;
/** How long a WebSocket client has to answer the close frame before its socket is cut. */
const WS_CLOSE_GRACE_MS = 1_000;
/** WebSocket.CLOSED */
const CLOSED = 3;

const SHUTTING_DOWN_BODY = {
  statusCode: 503,
  code: 'ERR_SERVICE_UNAVAILABLE',
  message: 'The service is restarting; retry the request',
} as const;

export interface DrainGate {
  readonly draining: boolean;
  begin(): void;
}

/**
 * The request gate: 503 + `Connection: close` (and `headers`) while draining. Call right after the Fastify instance
 * is created (its onRequest hook then runs first), on an instance created with `return503OnClosing: false` so that
 * requests arriving while Fastify closes get this catalogue answer rather than Fastify's own.
 */
export function installDrainGate(app: FastifyInstance, { headers = {} }: { headers?: Record<string, string> } = {}): DrainGate {
  let draining = false;
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.code(503).header('connection', 'close').header('retry-after', '1').headers(headers).send(SHUTTING_DOWN_BODY);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/** What of a `ws` WebSocket the drain uses. */
export interface ClosableSocket {
  readyState: number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  once(event: 'close', listener: () => void): unknown;
}

/** Closes each socket with 1012; resolves when all are closed (a socket that does not answer is cut after a short grace). */
function closeWithServiceRestart(sockets: Iterable<ClosableSocket>, graceMs = WS_CLOSE_GRACE_MS): Promise<unknown> {
  return Promise.all(
    [...sockets].map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === CLOSED) return resolve();
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
}

/**
 * Drains and closes the app: the gate (503 and `Connection: close` from now on), `graceMs` with the listener open,
 * then the WebSockets closed with 1012 together with Fastify's close().
 */
export async function drainAndClose(app: FastifyInstance, gate: DrainGate, sockets: () => Iterable<ClosableSocket>, { graceMs = 0 } = {}): Promise<void> {
  gate.begin();
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs).unref());
  // The 1012 frames go out synchronously here, before the app's own close of its sockets (@fastify/websocket's
  // preClose, the proxy's close), which sends no code.
  await Promise.all([closeWithServiceRestart(sockets()), app.close()]);
}
