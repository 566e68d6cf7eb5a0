// Graceful shutdown of the api (issue 14): on SIGTERM/SIGINT the process stops taking work and finishes what it
// accepted — server-kit's drain (the 503 gate for SHUTDOWN_GRACE_MS with the listener open, WebSockets closed with
// 1012, then Fastify's close()). Here: the gate as `app.drain`, and the api's own WebSockets to close. Fastify's close()
// lets the order job and the other background workers finish their running pass and start no new one (their onClose
// hooks), then the database closes (server.ts).
import type { FastifyInstance } from 'fastify';
import { type ClosableSocket, type DrainGate, drainAndClose as drainGateAndClose, installDrainGate } from 'server-kit/shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown state (lifecycle/drain.ts). */
    drain: DrainGate;
  }
}

/** Installs the drain's request gate; call right after the Fastify instance is created (server-kit installDrainGate). */
export function installDrain(app: FastifyInstance): DrainGate {
  // x-api-draining: nothing was processed, so web's proxy (web/src/apiUpstreamProxy.ts) may send the request, POST
  // included, to another replica. Only on the gate's answer: an answer that was processed is never retried.
  const drain = installDrainGate(app, { headers: { 'x-api-draining': '1' } });
  app.decorate('drain', drain);
  return drain;
}

/** The app's open WebSockets (@fastify/websocket's server). */
const webSockets = (app: FastifyInstance): Iterable<ClosableSocket> =>
  (app as unknown as { websocketServer?: { clients: Set<ClosableSocket> } }).websocketServer?.clients ?? [];

/** Drains and closes the Fastify app (server-kit drainAndClose) with its WebSockets. */
export async function drainAndClose(app: FastifyInstance, { graceMs = 0 }: { graceMs?: number } = {}): Promise<void> {
  await drainGateAndClose(app, app.drain, () => webSockets(app), { graceMs });
}
