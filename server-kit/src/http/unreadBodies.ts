// Issue 24: a request answered before its body was read whole (413 on its declared length, a multipart limit hit in
// the middle of an upload, a 401 or 429 given before the upload is read, an api that answered a proxied upload early)
// leaves the rest of its body on the connection. Left there, the next request on that keep-alive connection waits
// behind it and is answered 408 "Request not received in time". So when such an answer is sent, the rest of the body
// is read and discarded (never kept), up to `limitBytes`; a body declared larger than that, or one that keeps coming
// past it, ends the connection instead (`Connection: close` on the answer, the socket destroyed past the bound).
// Either way the client's next request is answered.
import type { FastifyInstance } from 'fastify';

/** As much as is read and thrown away to keep a connection usable; beyond, closing it is cheaper. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export interface UnreadBodyOptions {
  limitBytes?: number;
  /**
   * Drop a `Connection: close` someone else put on the answer (@fastify/reply-from does when the upstream answered
   * before the upload ended): the drain keeps the connection instead.
   */
  keepConnection?: boolean;
}

/** An onSend hook on `app` (or an encapsulated scope) that drains or closes what its answers left unread. */
export function discardUnreadBodies(app: FastifyInstance, { limitBytes = DRAIN_LIMIT_BYTES, keepConnection = false }: UnreadBodyOptions = {}): void {
  // A callback hook: it runs on every answer, and a promise per answer is measurable (issue 27).
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (raw.complete || raw.readableEnded || raw.destroyed) return done(null, payload);
    const declared = Number(raw.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      // Node ends the connection after this answer; whatever else arrives is not read
      reply.header('connection', 'close');
      return done(null, payload);
    }
    if (keepConnection) reply.removeHeader('connection');
    // Whoever was reading (a multipart parser, the proxy) has given up: read the rest ourselves and drop it.
    raw.unpipe();
    let drained = 0;
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > limitBytes) raw.socket?.destroy();
    });
    raw.on('error', () => undefined);
    raw.resume();
    done(null, payload);
  });
}
