import type { FastifyInstance } from 'fastify';
import { apiRoutes, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';

export function registerRateRoutes(app: FastifyInstance, quote: (request: ExchangeRequest) => PairData, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.rateOne, ({ query }) => quote(query), opts);
}
