// The public statistics module wired into the app: the latest exchanges, the totals and the recommended amount.
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRepo } from '../instruments';
import { createStatsRepo } from './repo';
import { registerStatsRoutes } from './routes';
import { createPublicStats, type PublicStatsService } from './service';

export interface StatsModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  quote: (request: ExchangeRequest) => PairData;
}

export function registerStatsModule(app: FastifyInstance, deps: StatsModuleDeps, opts: RegisterOptions): PublicStatsService {
  const stats = createPublicStats({ repo: createStatsRepo(deps.db.db), instruments: deps.instruments, priceBoard: deps.priceBoard, quote: deps.quote });
  registerStatsRoutes(app, stats, opts);
  return stats;
}
