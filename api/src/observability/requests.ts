// Issue 14: request ids and per-request observations of the api.
//
// Request id: web sends `x-request-id` with every call it proxies or makes (web/src/observability); the api adopts
// a syntactically valid one as Fastify's request id (the `reqId` of every log line about the request), else makes its
// own, and answers it in `x-request-id`. A made-up id only mislabels the sender's own log lines.
//
// Per request, one onResponse hook per route, its labels bound when the route is registered (nothing is looked up or
// allocated per request: server-kit's boundObserver adds to the series' own record): the latency histogram under the
// route's URL pattern, never the raw URL, and one log line whose level says how interesting it is — warn for a 5xx or a slow answer, info for a
// 429, debug for the rest. A terminal at LOG_LEVEL=info (§9) then shows what needs a look instead of scrolling with
// every poll of the exchange form; LOG_LEVEL=debug shows every request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { REQUEST_ID_HEADER, validRequestId } from 'server-kit/logging';
import { boundObserver } from 'server-kit/metrics';
import type { ApiMetrics } from './metrics';

/** Fastify `genReqId`: the caller's valid x-request-id, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return validRequestId(incoming) ? incoming : randomUUID();
}

export interface RequestObservationOptions {
  /** A response slower than this is logged at warn (LOG_SLOW_REQUEST_MS). */
  slowMs: number;
}

type Observe = (seconds: number) => void;

/** Levels at which every completed request is logged. */
const VERBOSE = new Set(['debug', 'trace']);

/** What of a request its completion needs (a FastifyRequest, or http/fastLane.ts's raw request and lazy logger). */
export interface CompletedRequest {
  method: string;
  url: string;
  log: FastifyBaseLogger;
}

/** Records one completed request of a route: its latency under the route's pattern, and its log line (see above). */
export type RequestCompletion = (request: CompletedRequest, status: number, ms: number) => void;

/**
 * The completion of one route (URL pattern, methods): children of the histogram by method and status are made on
 * first use; a one-method route (all but a few) finds its child by the status code alone, with no key to build per request.
 */
export function routeCompletion(
  metrics: ApiMetrics | null,
  { slowMs }: RequestObservationOptions,
  pattern: string,
  methods: readonly string[],
): RequestCompletion {
  const byStatus: Observe[] = [];
  const children = new Map<string, Observe>();
  const make = (method: string, status: number): Observe => boundObserver(metrics!.httpDuration, { method, route: pattern, status_code: String(status) });
  const child =
    methods.length === 1
      ? (method: string, status: number): Observe => (byStatus[status] ??= make(method, status))
      : (method: string, status: number): Observe => {
          const key = `${method} ${status}`;
          let observe = children.get(key);
          if (!observe) children.set(key, (observe = make(method, status)));
          return observe;
        };
  return (request, status, ms) => {
    if (metrics) child(request.method, status)(ms / 1000);
    if (status >= 500 || ms >= slowMs) request.log.warn(completed(request, pattern, status, ms), status >= 500 ? 'request failed' : 'slow request');
    else if (status === 429) request.log.info(completed(request, pattern, status, ms), 'request rate-limited');
    else if (VERBOSE.has(request.log.level)) request.log.debug(completed(request, pattern, status, ms), 'request completed');
  };
}

export function installRequestObservation(app: FastifyInstance, metrics: ApiMetrics | null, options: RequestObservationOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const complete = routeCompletion(metrics, options, route.url, methods);
    const hook: onResponseHookHandler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: () => void) {
      complete(request, reply.statusCode, reply.elapsedTime);
      done();
    };
    const existing = route.onResponse;
    route.onResponse = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
}

function completed(request: CompletedRequest, route: string, statusCode: number, ms: number) {
  // The path only: query strings carry order lookup credentials (?destinationAddress=…; server-kit/logging).
  return { method: request.method, route, url: request.url.split('?')[0], statusCode, responseTime: Math.round(ms * 10) / 10 };
}
