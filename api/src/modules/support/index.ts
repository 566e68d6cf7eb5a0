// Support requests and the order lookup by deposit transaction hash (§2 /support, issue 13).
import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../../outbox';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { createSupportLimiter, type LimitStore } from '../../limits';
import { createSupportRepo } from './repo';
import { registerSupportRoutes } from './routes';
import { createSupportService } from './service';

export { orderPageUrl } from './service';

/** Order links point here when PUBLIC_ORIGIN is not set (development). */
const DEV_SITE_ORIGIN = 'http://localhost:8080';

export function registerSupportModule(
  app: FastifyInstance,
  deps: {
    db: DbHandle;
    outbox: Outbox;
    limits: LimitStore;
    /** The site's origin, for order links in the mails (PUBLIC_ORIGIN's first); default: the development one. */
    siteOrigin?: string;
  },
  opts: RegisterOptions,
): void {
  const limiter = createSupportLimiter(deps.limits);
  const service = createSupportService({
    repo: createSupportRepo(deps.db),
    outbox: deps.outbox,
    limiter,
    siteOrigin: deps.siteOrigin ?? DEV_SITE_ORIGIN,
  });
  registerSupportRoutes(app, service, opts);
}
