// On-the-fly compression of the documents web builds itself (pages, sitemap). Static files come compressed
// from the build (tooling/static-files.mjs); the proxied /api and its WebSocket are passed through untouched.
import { PassThrough, type Transform } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
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

type Encoding = 'br' | 'gzip' | 'identity';

function encoder(encoding: Encoding): { stream: Transform; flush: () => void } {
  if (encoding === 'br') {
    // a page is tens of KB: a 256 KB window (not the default 4 MB) is as good and far cheaper to set up
    const br = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 } });
    return { stream: br, flush: () => br.flush(constants.BROTLI_OPERATION_FLUSH) };
  }
  if (encoding === 'gzip') {
    const gz = createGzip();
    return { stream: gz, flush: () => gz.flush(constants.Z_SYNC_FLUSH) };
  }
  return { stream: new PassThrough(), flush: () => undefined };
}

/**
 * One encoding of a document whose head is known and whose tail is still being made: compressed once, flushed after
 * the head (the browser has it, and starts on its styles and preloads, while the rest is made), and read by any
 * number of responses, each from the first byte, as the bytes are produced. (A page's render is shared by the guests
 * of a moment, but each response has its own CSP nonce, so pages.ts encodes one per response.)
 */
export class SharedEncoding {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private readonly readers = new Set<PassThrough>();

  constructor(
    readonly encoding: Encoding,
    head: string,
    tail: Promise<string>,
  ) {
    const { stream, flush } = encoder(encoding);
    stream.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      for (const r of this.readers) r.write(chunk);
    });
    stream.on('end', () => {
      this.ended = true;
      for (const r of this.readers) r.end();
      this.readers.clear();
    });
    stream.write(head);
    flush();
    // `tail` must not reject; if it does, the document ends where it is
    void tail.then(
      (rest) => stream.end(rest),
      () => stream.end(),
    );
  }

  /** A stream of the whole encoded document for one response. */
  reader(): PassThrough {
    const out = new PassThrough();
    for (const chunk of this.chunks) out.write(chunk);
    if (this.ended) out.end();
    else {
      this.readers.add(out);
      out.on('close', () => this.readers.delete(out));
    }
    return out;
  }
}

/** The encoding a request gets for a streamed document (its size is not known in advance: compressed whenever accepted). */
export function streamEncodingFor(req: FastifyRequest): Encoding {
  return acceptedEncodings(req.headers['accept-encoding'] ?? '')[0] ?? 'identity';
}

/** Sends a body already encoded as `encoding` (noncedGzip.ts), as sendShared does. */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, type: string, encoding: 'br' | 'gzip', body: Buffer): FastifyReply {
  reply.type(type).header('vary', 'Accept-Encoding').header('content-encoding', encoding);
  if (req.method === 'HEAD') return reply.send('');
  return reply.send(body);
}

/** Sends a SharedEncoding as `type`, with Vary: Accept-Encoding. */
export function sendShared(req: FastifyRequest, reply: FastifyReply, type: string, shared: SharedEncoding): FastifyReply {
  reply.type(type).header('vary', 'Accept-Encoding');
  if (shared.encoding !== 'identity') reply.header('content-encoding', shared.encoding);
  if (req.method === 'HEAD') return reply.send('');
  return reply.send(shared.reader());
}
