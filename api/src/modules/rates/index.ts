// The rates module (§3 Pair data): pair pricing and the rate route. This file is the module's only face.
import type { FastifyInstance } from 'fastify';
import type { RegisterOptions } from '../../http/registerRoute';
import { createQuote, type QuoteDeps } from './quote';
import { cacheQuotesPerTick } from './quoteCache';
import { registerRateRoutes } from './routes';

export { amountToGetFor, createQuote, spreadPrice, usdPrice } from './quote';

/** The pair quote of the whole api (orders, partner, stats and the WebSocket price with it); the rate route answers from a per-tick cache of it. */
export function registerRatesModule(app: FastifyInstance, deps: QuoteDeps, opts: RegisterOptions): ReturnType<typeof createQuote> {
  const quote = createQuote(deps);
  registerRateRoutes(app, cacheQuotesPerTick(quote, deps.priceBoard), opts);
  return quote;
}
