// §7 order calls, registered from the shared-contracts route table.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { OrderService } from './service';

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ApiError.of('ERR_VALIDATION', 'Send one Idempotency-Key header', { fields: { 'Idempotency-Key': 'repeated' } });
  return value;
}

/** The signed-in user set by the accounts module's auth hook (route auth 'optional'), if any. */
function ownerOf(request: FastifyRequest): { userId: number; email: string } | null {
  const user = (request as { user?: { userId?: unknown; email?: unknown } | null }).user;
  return user && typeof user.userId === 'number' && typeof user.email === 'string' ? { userId: user.userId, email: user.email } : null;
}

export function registerOrderRoutes(app: FastifyInstance, orders: OrderService, opts: RegisterOptions, afterChange: () => void): void {
  registerRoute(app, apiRoutes.orderCreate, ({ body, request }) => orders.create(body, idempotencyKey(request), ownerOf(request)), opts);
  registerRoute(app, apiRoutes.orderPublicInfo, ({ query }) => orders.publicInfo(query.orderId, query.destinationAddress), opts);
  registerRoute(app, apiRoutes.orderRefundInfo, ({ query }) => orders.refundInfo(query.orderId), opts);
  registerRoute(
    app,
    apiRoutes.orderSetEmail,
    async ({ body }) => {
      await orders.setEmail(body.orderId, body.userEmail);
      return { ok: true as const };
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.orderRequestRefund,
    async ({ body }) => {
      const order = await orders.requestRefund(body);
      afterChange();
      return order;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.orderAcceptRateModeChange,
    async ({ body }) => {
      const order = await orders.acceptRateModeChange(body.orderId, body.destinationAddress);
      afterChange();
      return order;
    },
    opts,
  );
  registerRoute(app, apiRoutes.ordersPublicLatest, () => orders.latest(), opts);
  registerRoute(app, apiRoutes.statsPublic, ({ query }) => orders.stats(query.period), opts);
  registerRoute(app, apiRoutes.recommendedAmount, ({ query }) => orders.recommendedAmount(query), opts);
}
