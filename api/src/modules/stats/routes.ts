// §7 public statistics calls, registered from the shared-contracts route table.
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { PublicStatsService } from './service';

export function registerStatsRoutes(app: FastifyInstance, stats: PublicStatsService, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.ordersPublicLatest, () => stats.latest(), opts);
  registerRoute(app, apiRoutes.statsPublic, ({ query }) => stats.stats(query.period), opts);
  registerRoute(app, apiRoutes.recommendedAmount, ({ query }) => stats.recommendedAmount(query), opts);
}
