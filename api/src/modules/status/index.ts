// The public status page: §4 health recorded over 90 days, and incidents an admin posts (issue 13).
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { checkHealth, type HealthDeps } from '../health';
import { createStatusRepo } from './repo';
import { registerStatusRoutes } from './routes';
import { createStatusService, startStatusRecorder, type StatusRecorder } from './service';

export { createStatusRepo } from './repo';
export { createStatusService } from './service';

/**
 * How often the api checks its health. Only the first check of each minute bucket counts (across replicas): checking
 * more often than once a minute keeps a minute from going unrecorded when a check is skipped (start-up grace) or late.
 */
const STATUS_RECORD_INTERVAL_MS = 15_000;

export function registerStatusModule(
  app: FastifyInstance,
  deps: { db: DbHandle; health: HealthDeps; now?: () => number; recordIntervalMs?: number },
  opts: RegisterOptions,
): void {
  const service = createStatusService({
    repo: createStatusRepo(deps.db),
    checkHealth: () => checkHealth(deps.health),
    marketNeverPriced: () => deps.health.priceBoard.updatedAt === null,
    now: deps.now,
  });
  registerStatusRoutes(app, service, opts);
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
