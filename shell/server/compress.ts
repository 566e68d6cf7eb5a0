// On-the-fly compression of the documents web builds itself (pages, sitemap). Static files come compressed
// from the build (tooling/static-files.mjs); the proxied /api and its WebSocket are passed through untouched.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings } from 'tooling/static-files';

/** Below this, compression costs more than it saves. */
const MIN_BYTES = 1024;

/** Sends `body` as `type`, br or gzip when the client accepts it, with Vary: Accept-Encoding either way. */
export function sendCompressed(req: FastifyRequest, reply: FastifyReply, type: string, body: string): FastifyReply {
  const raw = Buffer.from(body);
  reply.type(type).header('vary', 'Accept-Encoding');
  const encoding = raw.length >= MIN_BYTES ? acceptedEncodings(req.headers['accept-encoding'] ?? '')[0] : undefined;
  const out =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
      : encoding === 'gzip'
        ? gzipSync(raw)
        : raw;
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-length', out.length);
  return reply.send(req.method === 'HEAD' ? '' : out);
}
