// Issue 14: web's request ids, request log lines and metrics, wired by main.ts.
//
// Request id: web makes one per request (a UUID), or adopts a valid `x-request-id` only from a load balancer it trusts
// (WEB_TRUST_PROXY, as for X-Forwarded-*: a visitor cannot choose the id its requests are logged under); it answers it
// in `x-request-id` and sends it to the api on proxied calls, WebSocket upgrades and its own calls (edge.ts
// edgeHeaders), and the api logs its side of the request under the same id.
//
// Request lines: warn for a 5xx or a slow answer, info for a 429, debug for the rest (static files, pages, polls): at
// LOG_LEVEL=info (§9) a terminal shows what needs a look instead of scrolling with a line per request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SsrRuntime } from '../ssr/runtime';
import { pathOf, REQUEST_ID_HEADER, validRequestId } from 'server-kit/logging';
import { startMetricsServer } from 'server-kit/metrics';
import { createWebMetrics, type RouteKind, type WebMetrics } from './metrics';

export { webLoggerOptions } from './logging';
export type { WebMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** web's Prometheus metrics (served on WEB_METRICS_PORT). */
    webMetrics: WebMetrics;
    /** Where GET /metrics answers once web listens (undefined: off, or its port was taken). */
    webMetricsUrl(): Promise<string | undefined>;
  }
}

type Env = Record<string, string | undefined>;

/**
 * Fastify `genReqId` for web: a trusted load balancer's valid x-request-id, else a new UUID. `trustProxy`: the
 * WEB_TRUST_PROXY list (edge.ts), false when web is the edge.
 */
export function webRequestId(trustProxy: string[] | false): (req: IncomingMessage) => string {
  const trusted = trustProxy === false ? null : proxyAddr.compile(trustProxy);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (trusted && validRequestId(incoming) && trusted(req.socket.remoteAddress ?? '', 0)) return incoming;
    return randomUUID();
  };
}

/** Page, proxied api call or file, from the path alone (nothing is looked up per request). */
export function routeKind(url: string): RouteKind {
  const p = pathOf(url);
  if (p === '/api' || p.startsWith('/api/') || p === '/dict' || p.startsWith('/dict/')) return 'proxy';
  if (p.startsWith('/assets/') || p.startsWith('/remotes/') || /\.[a-z0-9]{1,8}$/i.test(p)) return 'static';
  return 'page';
}

const VERBOSE = new Set(['debug', 'trace']);

function completed(request: FastifyRequest, kind: RouteKind, statusCode: number, ms: number) {
  return { method: request.method, kind, url: pathOf(request.url), statusCode, responseTime: Math.round(ms * 10) / 10 };
}

/** Before any route: the request id header, the per-kind latency histogram and the request log lines. */
export function installWebObservability(app: FastifyInstance, { slowMs = 1000 }: { slowMs?: number } = {}): WebMetrics {
  const metrics = createWebMetrics();
  app.decorate('webMetrics', metrics);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const kind = routeKind(request.url);
    metrics.requestDuration.labels(kind, request.method, String(status)).observe(ms / 1000);
    if (status >= 500 || ms >= slowMs) request.log.warn(completed(request, kind, status, ms), status >= 500 ? 'request failed' : 'slow request');
    else if (status === 429) request.log.info(completed(request, kind, status, ms), 'request rate-limited');
    else if (VERBOSE.has(request.log.level)) request.log.debug(completed(request, kind, status, ms), 'request completed');
    done();
  });
  return metrics;
}

/** The SSR runtime with each render timed (rendered, fallback to the client document, or error). */
export function timedSsr(runtime: SsrRuntime, metrics: WebMetrics): SsrRuntime {
  return {
    ready: () => runtime.ready(),
    cssFor: (remote, origin) => runtime.cssFor(remote, origin),
    stylesFor: (remote, origin) => runtime.stylesFor(remote, origin),
    scriptsFor: (remote, origin) => runtime.scriptsFor(remote, origin),
    async render(req) {
      const end = metrics.ssrDuration.startTimer();
      try {
        const result = await runtime.render(req);
        end({ outcome: result ? 'rendered' : 'fallback' });
        return result;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      }
    },
  };
}

/**
 * The metrics listener (METRICS_HOST:WEB_METRICS_PORT) opens when web listens and closes with it. Default port 9465
 * for the web process itself (`defaultPort`); a server built with an explicit environment (tests, embedding) has
 * none unless WEB_METRICS_PORT says; `off` turns it off.
 */
export function listenWebMetrics(app: FastifyInstance, env: Env, defaultPort: number | null): void {
  const raw = env.WEB_METRICS_PORT?.trim();
  if (raw && raw !== 'off' && (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535)) {
    throw new Error(`Invalid configuration: WEB_METRICS_PORT: a port (0–65535) or off expected, got "${raw}"`);
  }
  const port = raw === 'off' ? null : raw ? Number(raw) : defaultPort;
  const host = env.METRICS_HOST?.trim() || '127.0.0.1';
  let starting: ReturnType<typeof startMetricsServer> | undefined;
  app.decorate('webMetricsUrl', async () => (await starting)?.url);
  if (port === null) return;
  // onListen does not hold up listen(): the listener comes up just after web's own.
  app.addHook('onListen', async () => {
    starting = startMetricsServer({
      port,
      host,
      render: () => app.webMetrics.render(),
      contentType: app.webMetrics.contentType,
      log: app.log,
      portSetting: 'WEB_METRICS_PORT',
    });
    const server = await starting;
    if (server) app.log.info(`metrics on ${server.url}/metrics`);
  });
  app.addHook('onClose', async () => (await starting)?.close());
}
