// Issue 27: a fast lane in front of Fastify for answers already known this tick (rates/public/one: the exchange form
// polls the same pair and amount; rates/quoteCache.ts keeps this tick's answer under the raw query string it was
// asked with). Such a request is answered from the server's own request listener, before Fastify routes it: one
// writeHead with the answer's headers, the answer's bytes, and the route's metrics and log line. Fastify's own way
// costs about twice a bare route's CPU per request here (request and reply objects, the hook chain, the promise
// of the handler, the header object), the lane less than a bare Fastify route.
//
// The lane answers only what the full way would answer the same, byte for byte but the date and the request id
// (http/fastLane.test.ts compares them), and only when none of the app's guards could have anything to do:
//   - a GET of a route that declared `config.knownAnswer` (registerRoute's `knownAnswer`), whose route carries no
//     hook of its own (no per-address limit, no authentication, no access check, no own onSend) — checked when the
//     route is registered, which throws otherwise;
//   - without cookies or Authorization (a signed-in browser's request takes the full way, exactly as before), without
//     a body (no Content-Length, no Transfer-Encoding), without control characters in any header (controlChars.ts);
//   - while the app is neither draining nor closing (lifecycle/drain.ts: the 503 and `Connection: close`);
//   - when the raw query string has an answer this tick (then it passed the query's guard and zod validation when it
//     was first asked). An unknown query, a cached error (400 / 422), a HEAD, anything else: Fastify's way, unchanged.
// What Fastify's global hooks add to such an answer, the lane adds the same: the request id (the caller's valid
// x-request-id, else a new one: observability/requests.ts), `X-Content-Type-Options: nosniff`
// (securityHeaders.ts), the latency histogram and the log line (observability/requests.ts routeCompletion).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import { REQUEST_ID_HEADER } from 'server-kit/logging';
import { requestIdOf, routeCompletion, type CompletedRequest, type RequestCompletion } from '../observability/requests';
import { CONTROL_CHARS_IN_LINE, findControlChar } from './controlChars';
import { lazyChildLogger } from './lazyChildLogger';
import { JSON_TYPE, type KnownAnswer, type SerializedJson } from './registerRoute';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerRoute's `knownAnswer`: the route may be answered by the fast lane (http/fastLane.ts). */
    knownAnswer?: KnownAnswer;
  }
}

interface Lane {
  known: KnownAnswer;
  complete: RequestCompletion;
}

/** Route-level hooks, any of which the lane would skip: a route with one is refused a lane. */
const ROUTE_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const;

/** The raw request as the route's completion sees it (the same fields a FastifyRequest gives it). */
class LaneRequest implements CompletedRequest {
  readonly method = 'GET';
  private logger?: FastifyBaseLogger;
  constructor(
    readonly url: string,
    private readonly id: string,
    private readonly appLog: FastifyBaseLogger,
  ) {}
  /** The same request logger Fastify makes (bindings: the request id), and only when a line is written. */
  get log(): FastifyBaseLogger {
    this.logger ??= lazyChildLogger(this.appLog, { reqId: this.id }, {});
    return this.logger;
  }
}

export interface FastLaneOptions {
  /** LOG_SLOW_REQUEST_MS, as the full way's log line. */
  slowMs: number;
}

/**
 * Call before any route is registered and after every other hook installer (the routes' own hooks are complete
 * when this onRoute hook sees them). Puts the lane in front of Fastify's request listener.
 */
export function installFastLane(app: FastifyInstance, options: FastLaneOptions): void {
  const lanes = new Map<string, Lane>();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const known = route.config?.knownAnswer;
    if (!known || route.method === 'HEAD') return;
    const refuse = (why: string) => {
      throw new Error(`${route.method} ${route.url}: no fast lane for a route ${why} (http/fastLane.ts)`);
    };
    if (route.method !== 'GET') refuse('other than a GET');
    if (route.url.includes(':') || route.url.includes('*')) refuse('with path parameters');
    for (const hook of ROUTE_HOOKS) if (route[hook] && [route[hook]].flat().length > 0) refuse(`with its own ${hook} hook`);
    if (route.config?.rateLimit || route.config?.access) refuse('with its own limit or access check');
    lanes.set(route.url, { known, complete: routeCompletion(app.metrics, options, route.url, ['GET']) });
  });

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || closing || app.drain?.draining) return false;
    const start = performance.now();
    const url = req.url ?? '';
    const at = url.indexOf('?');
    const lane = lanes.get(at === -1 ? url : url.slice(0, at));
    if (!lane) return false;
    const headers = req.headers;
    if (headers.cookie !== undefined || headers.authorization !== undefined) return false;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (findControlChar(headers, CONTROL_CHARS_IN_LINE) !== null) return false;
    let answer: SerializedJson<unknown> | undefined;
    try {
      answer = lane.known(at === -1 ? '' : url.slice(at + 1));
    } catch {
      // a cached catalogue error: the full way answers it (error handler, log rules)
      return false;
    }
    if (!answer) return false;
    const id = requestIdOf(req);
    // The full way's headers, in its order: onRequest's request id, the handler's type, onSend's nosniff, the length.
    const head = [REQUEST_ID_HEADER, id, 'content-type', JSON_TYPE, 'x-content-type-options', 'nosniff', 'content-length', answer.contentLength];
    res.writeHead(200, head);
    // The text, as Fastify sends it: node then writes the header block and the body in one write (a Buffer would
    // be a second chunk, corked and written with writev).
    res.end(answer.text);
    lane.complete(new LaneRequest(url, id, app.log), 200, performance.now() - start);
    return true;
  };

  app.addHook('onReady', (done) => {
    if (lanes.size === 0) return done();
    // Fastify's request listener (node's createServer(handler) adds it as the 'request' listener), behind the lane.
    const server = app.server;
    const [fastify, ...others] = server.listeners('request') as RequestListener[];
    if (!fastify || others.length > 0) return done(new Error('fast lane: expected Fastify as the only request listener'));
    server.removeListener('request', fastify);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!serve(req, res)) fastify(req, res);
    });
    done();
  });
}
