import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { InstrumentRepo } from './repo';
import { createAddressValidator } from './validateAddress';

export function registerInstrumentRoutes(app: FastifyInstance, repo: InstrumentRepo, opts: RegisterOptions): void {
  // §7: no query → active EXCHANGE instruments; providers filters; all=true includes inactive ones.
  registerRoute(
    app,
    apiRoutes.instrumentsV2,
    ({ query }) => {
      const includeInactive = query.all === 'true';
      const provider = query.providers ?? (includeInactive ? undefined : 'EXCHANGE');
      return repo
        .all()
        .filter((i) => (includeInactive || i.isActive) && (!provider || i.provider === provider))
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
