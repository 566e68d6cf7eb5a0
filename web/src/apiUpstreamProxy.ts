// The proxy of /api (HTTP and the WebSocket /api/v2/ws) and /dict to the api replicas (apiUpstream.ts), on
// @fastify/http-proxy: its `getUpstream` chooses the replica (round-robin, for WebSocket upgrades too), and its
// `handler` sends through @fastify/reply-from with an `onError` that
//   - asks the next replica when the chosen one refused the connection (nothing was sent: safe for any method), or
//     answered from its drain gate while shutting down (x-api-draining: nothing was processed),
//   - otherwise answers the §8 catalogue's 503 ERR_SERVICE_UNAVAILABLE with Retry-After (the shell's §4 health
//     gating reads it as "the service is unavailable") instead of reply-from's raw 500/504.
// Bodies (issue 24): every /api and /dict body is read whole before the first attempt, up to WEB_API_BODY_LIMIT_BYTES
// (1 MiB by default), so a second attempt sends the very same bytes; reply-from's JSON re-encoding is skipped (the api
// gets what the browser sent). A larger body is answered 413 in the catalogue's shape as soon as its Content-Length
// says so, or as soon as a chunked body crosses the limit, and never held. The one route that takes large bodies, the
// KYC upload (users/kyc/submit), is STREAMED to one replica as it arrives (nothing buffered in web) under its own
// limit, WEB_KYC_UPLOAD_LIMIT_BYTES (by default the api's: three images of KYC_MAX_FILE_BYTES, 8 MiB, plus the form).
// A body left unread by an early answer (web's 413, the api refusing an upload half-way) is drained, bounded and never
// kept, so the next request on that keep-alive connection is answered; a body declared larger than the bound ends the
// connection instead (Connection: close; server-kit/http discardUnreadBodies).
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { type ApiErrorBody, routeTable } from 'shared-contracts';
import { discardUnreadBodies } from 'server-kit/http';
import { API_UNAVAILABLE_RETRY_AFTER_S, type ApiUpstream, failedBeforeSending, unavailableBody } from './apiUpstream';

/** Every JSON call is far below; the KYC upload has its own limit. */
const DEFAULT_API_BODY_LIMIT_BYTES = 1024 * 1024;
/** The api's own KYC limit by default: three images of KYC_MAX_FILE_BYTES (8 MiB) plus 64 KiB of form. */
const DEFAULT_UPLOAD_BODY_LIMIT_BYTES = 3 * 8 * 1024 * 1024 + 64 * 1024;
/** The routes whose bodies are streamed, not buffered (POST only). */
const STREAMED_PATHS: ReadonlySet<string> = new Set([routeTable.kycSubmit.path]);

type ReplyFromOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

export interface ApiProxyOptions {
  upstream: ApiUpstream;
  /** X-Forwarded-* and the rest of what the api is told about the visitor (edge.ts). */
  rewriteRequestHeaders: NonNullable<ReplyFromOptions['rewriteRequestHeaders']>;
  wsClientOptions?: FastifyHttpProxyOptions['wsClientOptions'];
  /** The proxied WebSockets' hooks (lifecycle/shutdown.ts closes them with 1012 on SIGTERM; the plugin's types omit them). */
  wsHooks?: { onConnect?(context: unknown, source: never): void; onDisconnect?(context: unknown, source: never): void };
  /** Largest /api or /dict body (buffered), in bytes: DEFAULT_API_BODY_LIMIT_BYTES unless set. */
  bodyLimit?: number;
  /** Largest streamed upload (users/kyc/submit), in bytes: DEFAULT_UPLOAD_BODY_LIMIT_BYTES unless set. */
  uploadBodyLimit?: number;
  /**
   * Tests (WEB_REPLICA_HEADER=on): each proxied answer names the replica that gave it, `x-api-replica: <n>` (1-based
   * position in API_URL), so a test can show that every replica served. Off by default: no topology leaks out.
   */
  replicaHeader?: boolean;
  /** Told when a replica refused and the request went to another, or when none answered (logs/metrics). */
  onUpstreamError?: (event: { url: string; retried: boolean; error: Error }) => void;
}

function sendUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(API_UNAVAILABLE_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(unavailableBody());
}

function tooLargeBody(limit: number): ApiErrorBody {
  return { statusCode: 413, code: 'ERR_BAD_REQUEST', message: `Request body is too large: at most ${limit} bytes` };
}

class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(readonly limit: number) {
    super(`Request body is too large: at most ${limit} bytes`);
  }
}

/** A streamed body that errors (BodyTooLargeError) once more than `limit` bytes have passed. */
class LimitedBody extends Transform {
  private seen = 0;
  exceeded = false;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null, data?: Buffer) => void): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      callback(new BodyTooLargeError(this.limit));
      return;
    }
    callback(null, chunk);
  }
}

/** Reads a body whole, up to `limit`: past it, stops reading at once and answers BodyTooLargeError. */
function readLimited(payload: Readable, limit: number, done: (err: Error | null, body?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (err: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    payload.off('data', onData);
    payload.off('end', onEnd);
    payload.off('error', onError);
    done(err, body);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      chunks.length = 0;
      payload.pause();
      finish(new BodyTooLargeError(limit));
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => finish(null, Buffer.concat(chunks, size));
  const onError = (err: Error) => finish(err);
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
}

const isStreamedUpload = (request: FastifyRequest) => request.method === 'POST' && STREAMED_PATHS.has(request.url.split('?')[0]);

/**
 * The api's drain gate (api/src/lifecycle/drain.ts) answers a request that arrives while the replica shuts down with
 * 503 and this header, before any handler ran: web asks another replica instead (any method: nothing was done).
 */
const DRAINING_HEADER = 'x-api-draining';

export async function registerApiProxy(app: FastifyInstance, o: ApiProxyOptions): Promise<void> {
  const { upstream } = o;
  const bodyLimit = o.bodyLimit ?? DEFAULT_API_BODY_LIMIT_BYTES;
  const uploadLimit = o.uploadBodyLimit ?? DEFAULT_UPLOAD_BODY_LIMIT_BYTES;

  const attempt = (request: FastifyRequest, reply: FastifyReply, dest: string, options: ReplyFromOptions, tries: string[]) => {
    const [target, ...rest] = tries;
    let draining = false;
    const streamed = request.body instanceof LimitedBody ? request.body : null;
    const body = Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {};
    return reply.from(dest, {
      ...options,
      ...body,
      getUpstream: () => target,
      rewriteHeaders: (headers, req) => {
        // a draining replica's gate answer: nothing was processed, so another replica gets the request (below); not for
        // a streamed upload, whose bytes the first replica may have read
        if (rest.length > 0 && !streamed && headers[DRAINING_HEADER] === '1') {
          draining = true;
          return {};
        }
        const out = options.rewriteHeaders ? options.rewriteHeaders(headers, req) : headers;
        return o.replicaHeader ? { ...out, 'x-api-replica': String(upstream.urls.indexOf(target) + 1) } : out;
      },
      onResponse: (_request, _reply, res) => {
        if (!draining) return void reply.send(res.stream);
        res.stream.resume();
        upstream.markDown(target);
        attempt(request, reply, dest, options, rest);
      },
      onError: (_reply, { error }) => {
        if (reply.sent) return;
        // the streamed upload crossed its limit on the way: that is the answer, not the replica's failure
        if (streamed?.exceeded) {
          reply.code(413).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(tooLargeBody(uploadLimit));
          return;
        }
        const notSent = failedBeforeSending(error);
        if (notSent) upstream.markDown(target);
        o.onUpstreamError?.({ url: target, retried: notSent && rest.length > 0, error });
        if (notSent && rest.length > 0) {
          attempt(request, reply, dest, options, rest);
          return;
        }
        sendUnavailable(reply);
      },
    });
  };

  await app.register(async (scope) => {
    // bodies as bytes, whatever their type: sent unchanged, and again to another replica if the first refused; the
    // KYC upload as a stream, counted on its way to the api
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { bodyLimit: Math.max(bodyLimit, uploadLimit) }, (request, payload, done) => {
      const streamed = isStreamedUpload(request);
      const limit = streamed ? uploadLimit : bodyLimit;
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) return done(new BodyTooLargeError(limit), undefined);
      if (!streamed) return readLimited(payload, limit, (err, body) => done(err, body));
      const limited = new LimitedBody(limit);
      payload.pipe(limited);
      done(null, limited);
    });
    // web's refusals of a body, in the catalogue's shape (the api answers its own)
    scope.setErrorHandler((err, _request, reply) => {
      if (err instanceof BodyTooLargeError) {
        return reply.code(413).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(tooLargeBody(err.limit));
      }
      const status = (err as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return reply
          .code(status)
          .type('application/json; charset=utf-8')
          .send({ statusCode: status, code: 'ERR_BAD_REQUEST', message: (err as Error).message });
      }
      return sendUnavailable(reply);
    });
    // a body left unread by an early answer: drained (bounded, nothing kept) so the connection serves the next request,
    // or, declared larger than the bound, the connection is closed; reply-from's `Connection: close` when the api
    // answered before the upload ended is dropped, draining keeps the connection instead
    discardUnreadBodies(scope, { keepConnection: true });
    const replyOptions: ReplyFromOptions = {
      rewriteRequestHeaders: o.rewriteRequestHeaders,
      // HTTP requests and WebSocket upgrades alike
      getUpstream: () => upstream.pick(),
    };
    const common = {
      upstream: '',
      proxyPayloads: false,
      replyOptions,
      handler: (request: FastifyRequest, reply: FastifyReply, dest: string, options: ReplyFromOptions) => {
        // http-proxy has already asked getUpstream for this request: that replica first, then the others
        const first = options.getUpstream?.(request, '') ?? upstream.pick();
        return attempt(request, reply, dest, options, upstream.candidates(first));
      },
    } satisfies Partial<FastifyHttpProxyOptions>;
    await scope.register(httpProxy, {
      ...common,
      prefix: '/api',
      rewritePrefix: '/api',
      websocket: true,
      wsClientOptions: o.wsClientOptions,
      ...({ wsHooks: o.wsHooks } as object),
    });
    await scope.register(httpProxy, { ...common, prefix: '/dict', rewritePrefix: '/dict' });
    // issue 29: the receipt keys (JWKS) the api publishes, at the site's origin
    await scope.register(httpProxy, { ...common, prefix: '/.well-known/receipt-keys.json', rewritePrefix: '/.well-known/receipt-keys.json' });
  });
  app.addHook('onClose', async () => upstream.close());
}
