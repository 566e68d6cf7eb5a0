import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { InstrumentRepo } from './repo';
import { createAddressValidator } from './validateAddress';

export interface InstrumentRouteOptions {
  /** A card provider is configured (modules/provider): CARD instruments can be bought with (§4 card flow). */
  cardPurchases: boolean;
}

export function registerInstrumentRoutes(app: FastifyInstance, repo: InstrumentRepo, opts: RegisterOptions, { cardPurchases }: InstrumentRouteOptions): void {
  // §7: no query → the active instruments the exchange form offers: EXCHANGE ones, and CARD ones (send side only)
  // while card purchases are available; providers filters; all=true includes inactive ones.
  const offered = new Set<string>(cardPurchases ? ['EXCHANGE', 'CARD'] : ['EXCHANGE']);
  registerRoute(
    app,
    apiRoutes.instrumentsV2,
    ({ query }) => {
      const includeInactive = query.all === 'true';
      const listed = (provider: string) => (query.providers ? provider === query.providers : includeInactive || offered.has(provider));
      return repo
        .all()
        .filter((i) => (includeInactive || i.isActive) && listed(i.provider))
        .map((i) => i.public);
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.instrumentsV1,
    () =>
      repo
        .all()
        .filter((i) => i.isActive)
        .map((i) => i.public),
    opts,
  );

  const validateAddress = createAddressValidator(repo);
  registerRoute(app, apiRoutes.validateAddress, ({ body }) => validateAddress(body.currencyTitle, body.networkTitle, body.address), opts);
}
