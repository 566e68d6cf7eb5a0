import type { FastifyInstance } from 'fastify';
import { apiRoutes, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions, type SerializedJson } from '../../http/registerRoute';

export function registerRateRoutes(
  app: FastifyInstance,
  quote: (request: ExchangeRequest) => PairData | SerializedJson<PairData>,
  opts: RegisterOptions,
): void {
  registerRoute(app, apiRoutes.rateOne, ({ query }) => quote(query), opts);
}
