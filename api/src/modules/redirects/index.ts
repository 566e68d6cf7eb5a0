// The redirects module wired into the app: the §2 redirect lookup and its admin API.
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { registerRedirectRoutes } from './routes';
import { redirectServiceOf } from './service';

export { redirectServiceOf } from './service';

export function registerRedirectsModule(app: FastifyInstance, deps: { db: DbHandle; siteOrigins: readonly string[] }, opts: RegisterOptions): void {
  registerRedirectRoutes(app, redirectServiceOf(deps.db, { siteOrigins: deps.siteOrigins }), opts);
}
