// Issue 14: web's Prometheus metrics (prom-client), one registry per server plus the process's default metrics
// (server-kit/metrics): request latency by route kind (page, proxy, static), server-rendering time, and errors
// reaching the api.
import { Counter, type Histogram } from 'prom-client';
import { createServiceRegistry } from 'server-kit/metrics';

/** What a request to web is: a page (server-rendered or the client document), a proxied api call, or a file. */
export type RouteKind = 'page' | 'proxy' | 'static';

export interface WebMetrics {
  readonly requestDuration: Histogram<'kind' | 'method' | 'status_code'>;
  readonly ssrDuration: Histogram<'outcome'>;
  readonly upstreamErrors: Counter<'retried'>;
  /** A call to an api replica failed (refused, reset, timed out); `retried`: another replica was asked. */
  upstreamError(retried: boolean): void;
  /** A remote's server code was refused (its signature or a file's hash did not verify: issue 24, ssr/signedRemotes.ts). */
  remoteCodeRefused(remote: string): void;
  render(): Promise<string>;
  readonly contentType: string;
}

export function createWebMetrics(): WebMetrics {
  const service = createServiceRegistry();
  const requestDuration = service.latencyHistogram({
    name: 'web_request_duration_seconds',
    help: 'Time from request to response, by route kind (page, proxy, static), method and status code',
    labelNames: ['kind', 'method', 'status_code'] as const,
  });
  const ssrDuration = service.latencyHistogram({
    name: 'web_ssr_render_duration_seconds',
    help: 'Server rendering of a page, by outcome (rendered; fallback: the client renders it; error)',
    labelNames: ['outcome'] as const,
  });
  const upstreamErrors = new Counter({
    name: 'web_proxy_upstream_errors_total',
    help: 'Proxied api calls that failed to reach a replica, by whether another replica was then asked',
    labelNames: ['retried'] as const,
    registers: service.registers,
  });
  // Both series from the start, so rate() works before the first error.
  upstreamErrors.inc({ retried: 'true' }, 0);
  upstreamErrors.inc({ retried: 'false' }, 0);
  const remoteRefused = new Counter({
    name: 'web_ssr_remote_code_refused_total',
    help: "A remote's server code web refused to run (signature or a file's hash did not verify): its pages go out with the skeleton",
    labelNames: ['remote'] as const,
    registers: service.registers,
  });
  return {
    requestDuration,
    ssrDuration,
    upstreamErrors,
    upstreamError: (retried) => upstreamErrors.inc({ retried: String(retried) }),
    remoteCodeRefused: (remote) => remoteRefused.inc({ remote }),
    contentType: service.contentType,
    render: service.render,
  };
}
