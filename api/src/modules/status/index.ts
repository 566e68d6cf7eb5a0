// The public status page: §4 health recorded over 90 days, and incidents an admin posts (issue 13).
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { checkHealth, type HealthDeps } from '../health';
import { createHoldReport } from './holdReport';
import { registerHoldReportRoute } from './holdRoutes';
import { createNetworkRepo } from './networkRepo';
import { registerNetworkStatusRoutes } from './networkRoutes';
import { createNetworkService, type NetworkServiceDeps } from './networkService';
import { createStatusRepo } from './repo';
import { registerStatusRoutes } from './routes';
import { createStatusService, startStatusRecorder, type StatusRecorder } from './service';

export { createStatusRepo } from './repo';
export { createStatusService } from './service';
export { createNetworkRepo } from './networkRepo';
export { createNetworkService } from './networkService';

/**
 * How often the api checks its health. Only the first check of each minute bucket counts (across replicas): checking
 * more often than once a minute keeps a minute from going unrecorded when a check is skipped (start-up grace) or late.
 */
const STATUS_RECORD_INTERVAL_MS = 15_000;

export function registerStatusModule(
  app: FastifyInstance,
  deps: {
    db: DbHandle;
    health: HealthDeps;
    now?: () => number;
    recordIntervalMs?: number;
    /** Issue 29: HOLD_REFUND_HOURS, published with the monthly hold counts (default 24). */
    holdRefundHours?: number;
    /** Issue 29: per-network status (the offered instruments, custody, its chain's health, the estimates) and the feed's origin. */
    networks: Omit<NetworkServiceDeps, 'repo' | 'now'> & { siteOrigin: string | undefined };
  },
  opts: RegisterOptions,
): void {
  const service = createStatusService({
    repo: createStatusRepo(deps.db),
    checkHealth: () => checkHealth(deps.health),
    marketNeverPriced: () => deps.health.priceBoard.updatedAt === null,
    now: deps.now,
  });
  registerStatusRoutes(app, service, opts);
  registerHoldReportRoute(app, createHoldReport({ db: deps.db, refundWithinHours: deps.holdRefundHours ?? 24, now: deps.now }), opts);
  const { siteOrigin, ...networkDeps } = deps.networks;
  const networks = createNetworkService({ ...networkDeps, repo: createNetworkRepo(deps.db), now: deps.now });
  registerNetworkStatusRoutes(app, { networks, status: service, siteOrigin, now: deps.now ?? Date.now }, opts);
  let recorder: StatusRecorder | undefined;
  // Recording starts with the server (once at once, then every interval) and stops before the database closes.
  app.addHook('onReady', async () => {
    recorder = startStatusRecorder(
      () => service.recordNow(),
      deps.recordIntervalMs ?? STATUS_RECORD_INTERVAL_MS,
      (err) => app.log.warn({ err }, 'status: health not recorded'),
    );
  });
  app.addHook('onClose', async () => {
    await recorder?.stop();
  });
}
