// §7 generate/list/update/delete-api-key (auth 'user' from the route table). Logs name the key by its api id,
// never its secret.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { unauthorized } from '../auth/authenticate';
import type { ApiKeyService } from './service';

function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw unauthorized('NO_SESSION');
  return request.user.userId;
}

export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.generateApiKey,
    async ({ body, request }) => {
      const userId = userIdOf(request);
      const key = await keys.generate(userId, body?.name);
      request.log.info({ userId, apiId: key.apiId }, 'api key created');
      return key;
    },
    opts,
  );
  registerRoute(app, apiRoutes.listApiKeys, ({ request }) => keys.list(userIdOf(request)), opts);
  registerRoute(
    app,
    apiRoutes.updateApiKey,
    async ({ body, request }) => {
      const userId = userIdOf(request);
      const key = await keys.update(userId, body);
      request.log.info({ userId, apiId: key.apiId, isActive: key.isActive, allowListEntries: key.whiteListIp.length }, 'api key updated');
      return key;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.deleteApiKey,
    async ({ body, request }) => {
      const userId = userIdOf(request);
      await keys.remove(userId, body.apiId);
      request.log.info({ userId, apiId: body.apiId }, 'api key deleted');
      return { ok: true as const };
    },
    opts,
  );
}
