// Issue 14: logs and metrics of the api, wired by app.ts (request ids, per-route histograms and log lines, tick lag)
// and server.ts (the metrics listener). The orders module reads `app.metrics` for transitions and job lag.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import { ORDER_STATUSES } from '../modules/orders';
import type { PriceBoard } from '../realtime/types';
import { wsStatsOf } from '../ws';
import { createApiMetrics, type ApiMetrics } from './metrics';
import { type MetricsServer, startMetricsServer } from 'server-kit/metrics';
import { installRequestObservation } from './requests';

export { requestIdOf } from './requests';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics; null with METRICS_PORT=off. */
    metrics: ApiMetrics | null;
  }
}

/** Before any route: the request id header, per-route histograms and request log lines attach as routes register. */
export function installObservability(
  app: FastifyInstance,
  config: Pick<Config, 'metrics' | 'logSlowRequestMs'>,
  deps: { db: DbHandle; priceBoard: PriceBoard },
) {
  const metrics =
    config.metrics.port === null
      ? null
      : createApiMetrics({
          db: deps.db,
          ws: () => wsStatsOf(app),
          orderStates: ORDER_STATUSES,
          onError: (err) => app.log.error({ err }, 'metrics: database gauges failed'),
        });
  app.decorate('metrics', metrics);
  installRequestObservation(app, metrics, { slowMs: config.logSlowRequestMs });
  if (metrics) {
    // Tick lag: from the tick's own timestamp (made by the tick leader) to this process applying it.
    const off = deps.priceBoard.onTick(() => {
      const at = deps.priceBoard.updatedAt;
      if (at) metrics.tickLag.observe(Math.max(0, Date.now() - at.getTime()) / 1000);
    });
    app.addHook('onClose', async () => off());
  }
}

/** After the app listens: GET /metrics on METRICS_HOST:METRICS_PORT (null when off or the port is taken). */
export async function listenMetrics(app: FastifyInstance, config: Pick<Config, 'metrics'>): Promise<MetricsServer | null> {
  const metrics = app.metrics;
  if (!metrics || config.metrics.port === null) return null;
  const server = await startMetricsServer({
    port: config.metrics.port,
    host: config.metrics.host,
    render: () => metrics.render(),
    contentType: metrics.contentType,
    log: app.log,
    portSetting: 'METRICS_PORT',
  });
  if (server) app.log.info(`metrics on ${server.url}/metrics`);
  return server;
}
