// Issue 24: a request answered before its body was read whole (413 on its declared length, a multipart limit hit in
// the middle of an upload, a 401 or 429 given before the upload is read) leaves the rest of its body on the
// connection, and the next request on that keep-alive connection would wait behind it (408). The rest is read and
// discarded, bounded, or the connection is closed (server-kit/http discardUnreadBodies, web's proxy does the same).
import type { FastifyInstance } from 'fastify';
import { discardUnreadBodies } from 'server-kit/http';

export function installRefusedBodyHandling(app: FastifyInstance): void {
  discardUnreadBodies(app);
}
