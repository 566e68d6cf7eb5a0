// The proxy of /api (HTTP and the WebSocket /api/v2/ws) and /dict to the api replicas (apiUpstream.ts), on
// @fastify/http-proxy: its `getUpstream` chooses the replica (round-robin, for WebSocket upgrades too), and its
// `handler` sends through @fastify/reply-from with an `onError` that
//   - asks the next replica when the chosen one refused the connection (nothing was sent: safe for any method), or
//     answered from its drain gate while shutting down (x-api-draining: nothing was processed),
//   - otherwise answers the §8 catalogue's 503 ERR_SERVICE_UNAVAILABLE with Retry-After (the shell's §4 health
//     gating reads it as "the service is unavailable") instead of reply-from's raw 500/504.
// Request bodies are read whole before the first attempt (up to WEB_API_BODY_LIMIT_BYTES), so a second attempt
// sends the very same bytes; reply-from's JSON re-encoding is skipped (the api gets what the browser sent).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { API_UNAVAILABLE_RETRY_AFTER_S, type ApiUpstream, failedBeforeSending, unavailableBody } from './apiUpstream';

/** The KYC upload (3 images of KYC_MAX_FILE_BYTES, 8 MiB by default, plus the form) fits; the api enforces its own. */
const DEFAULT_API_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

type ReplyFromOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

export interface ApiProxyOptions {
  upstream: ApiUpstream;
  /** X-Forwarded-* and the rest of what the api is told about the visitor (edge.ts). */
  rewriteRequestHeaders: NonNullable<ReplyFromOptions['rewriteRequestHeaders']>;
  wsClientOptions?: FastifyHttpProxyOptions['wsClientOptions'];
  /** The proxied WebSockets' hooks (lifecycle/shutdown.ts closes them with 1012 on SIGTERM; the plugin's types omit them). */
  wsHooks?: { onConnect?(context: unknown, source: never): void; onDisconnect?(context: unknown, source: never): void };
  bodyLimit?: number;
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

/**
 * The api's drain gate (api/src/lifecycle/drain.ts) answers a request that arrives while the replica shuts down with
 * 503 and this header, before any handler ran: web asks another replica instead (any method: nothing was done).
 */
const DRAINING_HEADER = 'x-api-draining';

export async function registerApiProxy(app: FastifyInstance, o: ApiProxyOptions): Promise<void> {
  const { upstream } = o;

  const attempt = (request: FastifyRequest, reply: FastifyReply, dest: string, options: ReplyFromOptions, tries: string[]) => {
    const [target, ...rest] = tries;
    let draining = false;
    const body = Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {};
    return reply.from(dest, {
      ...options,
      ...body,
      getUpstream: () => target,
      rewriteHeaders: (headers, req) => {
        // a draining replica's gate answer: nothing was processed, so another replica gets the request (below)
        if (rest.length > 0 && headers[DRAINING_HEADER] === '1') {
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
    // bodies as bytes, whatever their type: sent unchanged, and again to another replica if the first refused
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: o.bodyLimit ?? DEFAULT_API_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
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
  });
  app.addHook('onClose', async () => upstream.close());
}
