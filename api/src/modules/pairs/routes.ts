import type { FastifyInstance } from 'fastify';
import { ApiError, apiRoutes } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { InstrumentRepo } from '../instruments';
import { listPopular, listPublicPairs, type PairOptions } from './service';

export function registerPairRoutes(app: FastifyInstance, repo: InstrumentRepo, config: ModuleConfig<'pairs'> & PairOptions, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.pairsPublic, () => listPublicPairs(repo, config), opts);
  registerRoute(app, apiRoutes.popularExchanges, () => listPopular(repo, config.popularPairs, config), opts);
  // The default pair is BTC→ETH with 0.1 BTC (DEFAULT_PAIR): §9's default amount 500 is a fiat amount
  // and would exceed the crypto limits, so the form uses it only when the send side is fiat.
  registerRoute(
    app,
    apiRoutes.pairsDefault,
    () => {
      const from = repo.bySlug(config.defaultPair.from);
      const to = repo.bySlug(config.defaultPair.to);
      if (!from || !to || !from.isActive || !to.isActive) throw ApiError.of('ERR_PAIR_NOT_ACTIVE', 'The default pair is not active');
      return { instrumentFrom: from.public, instrumentTo: to.public, amount: config.defaultPair.amount };
    },
    opts,
  );
}
