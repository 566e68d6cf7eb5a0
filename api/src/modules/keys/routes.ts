// §7 generate/list/update/delete-api-key and resume-api-key (auth 'user' from the route table; per-address limits in
// api/src/limits/). Making a key and resuming one need a confirmed email and a recent sign-in (issue 24: step-up).
// Logs name the key by its api id, never its secret or signing secret.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { requireConfirmedEmail, requireStepUp, unauthorized } from '../accounts';
import type { ApiKeyService } from './service';

function userIdOf(request: FastifyRequest): number {
  if (!request.user) throw unauthorized('NO_SESSION');
  return request.user.userId;
}

/** The confirmed, recently signed-in user (ERR_EMAIL_NOT_CONFIRMED, then ERR_STEP_UP_REQUIRED). */
function confirmedAndSteppedUp(request: FastifyRequest): number {
  return requireStepUp(requireConfirmedEmail(request.user)).userId;
}

export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.generateApiKey,
    async ({ body, request }) => {
      const userId = confirmedAndSteppedUp(request);
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
      request.log.info(
        { userId, apiId: key.apiId, isActive: key.isActive, signatureRequired: key.signatureRequired, allowListEntries: key.whiteListIp.length },
        'api key updated',
      );
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
  registerRoute(
    app,
    apiRoutes.resumeApiKey,
    async ({ body, request }) => {
      const userId = confirmedAndSteppedUp(request);
      await keys.resume(userId, body.id);
      request.log.info({ userId, apiId: body.id }, 'api key resumed');
      return { ok: true as const };
    },
    opts,
  );
}
