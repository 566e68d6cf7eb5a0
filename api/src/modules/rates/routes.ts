import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { CachedQuotes } from './quoteCache';

/** The raw query string of a request ('' without one): the key of this tick's answers. */
function queryStringOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}

export function registerRateRoutes(app: FastifyInstance, quotes: CachedQuotes, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.rateOne, ({ query, request }) => quotes.answer(query, queryStringOf(request)), {
    ...opts,
    // The same query string this tick: the same answer, without validating the query again, and from the fast lane
    // when nothing else has a say (http/fastLane.ts; issue 27).
    knownAnswer: (queryString) => quotes.known(queryString),
  });
}
