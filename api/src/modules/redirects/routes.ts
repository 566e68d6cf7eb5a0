// §2 redirect lookup (public: web calls it before every server render, with the visitor's address in
// X-Forwarded-For, so its per-address limit (api/src/limits/) is per visitor) and its admin API (ADMIN only,
// enforced from the route table by modules/accounts/authenticate.ts). Changes are logged with the admin's account id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { unauthorized } from '../accounts';
import type { RedirectService } from './service';

function adminId(request: FastifyRequest): number {
  if (!request.user) throw unauthorized('NO_SESSION');
  return request.user.userId;
}

export function registerRedirectRoutes(app: FastifyInstance, redirects: RedirectService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.redirectLookup,
    async ({ query, reply }) => {
      const redirect = await redirects.lookup(query.path);
      // Same for every visitor; web and any cache in between may keep it for a minute.
      reply.header('cache-control', 'public, max-age=60');
      return { redirect };
    },
    opts,
  );
  registerRoute(app, apiRoutes.adminRedirectsList, () => redirects.list(), opts);
  registerRoute(
    app,
    apiRoutes.adminRedirectAdd,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const record = await redirects.add({ path: body.path, to: body.to, createdBy: accountId });
      request.log.info({ accountId, path: record.path, to: record.to }, 'redirect added');
      return record;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminRedirectDelete,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const removed = await redirects.remove(body.path);
      request.log.info({ accountId, path: removed.path, to: removed.to }, 'redirect removed');
      return { ok: true as const };
    },
    opts,
  );
}
