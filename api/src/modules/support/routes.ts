// §2 /support routes (issue 13). Auth: supportRequestCreate optional (a signed-in account is linked to the request),
// supportOrderLookup none. Limits: per address, and per email / per address-hour / per order, in api/src/limits/.
// Logs: the ticket id of a filed request, the order id of a mailed order link; never an email, a message or a
// transaction hash.
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { SupportService } from './service';

export function registerSupportRoutes(app: FastifyInstance, support: SupportService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.supportRequestCreate,
    async ({ body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return support.createRequest({ ...body, userId: request.user?.userId ?? null }, request.log);
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.supportOrderLookup,
    async ({ body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return support.lookupOrder({ txHash: body.txHash, locale: body.locale, ip: request.ip }, request.log);
    },
    opts,
  );
}
