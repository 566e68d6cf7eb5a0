// Support requests and the order lookup by deposit transaction hash (§2 /support, issue 13).
import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../../outbox';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { createSupportLimiter, type LimitStore } from '../../limits';
import { createSupportRepo } from './repo';
import { registerSupportRoutes } from './routes';
import { createSupportService } from './service';

/** Order links point here when PUBLIC_ORIGIN is not set (development). */
const DEV_SITE_ORIGIN = 'http://localhost:8080';

export function registerSupportModule(
  app: FastifyInstance,
  config: Config,
  deps: { db: DbHandle; outbox: Outbox; limits: LimitStore },
  opts: RegisterOptions,
): void {
  const limiter = createSupportLimiter(deps.limits);
  const service = createSupportService({
    repo: createSupportRepo(deps.db),
    outbox: deps.outbox,
    limiter,
    siteOrigin: config.auth.publicOrigins[0] ?? DEV_SITE_ORIGIN,
  });
  registerSupportRoutes(app, service, opts);
}
