// §7 order calls, registered from the shared-contracts route table.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, apiRoutes, type CreateOrderBody } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { VISITOR_COOKIE } from '../accounts';
import { idempotencyOwner, type IdempotencyScope } from './idempotency';
import type { OrderService } from './service';

/** The Idempotency-Key header and its owner: the account, else the visitor id and client address. */
function idempotencyScope(request: FastifyRequest, body: CreateOrderBody): IdempotencyScope | undefined {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string') throw ApiError.of('ERR_VALIDATION', 'Send one Idempotency-Key header', { fields: { 'Idempotency-Key': 'repeated' } });
  const visitorId = body.browserFingerprint || request.cookies?.[VISITOR_COOKIE];
  return { key, owner: idempotencyOwner({ userId: ownerOf(request)?.userId, visitorId, ip: request.ip }) };
}

/** The signed-in user set by the accounts module's auth hook (route auth 'optional'), if any. */
function ownerOf(request: FastifyRequest): { userId: number; email: string } | null {
  const user = (request as { user?: { userId?: unknown; email?: unknown } | null }).user;
  return user && typeof user.userId === 'number' && typeof user.email === 'string' ? { userId: user.userId, email: user.email } : null;
}

export function registerOrderRoutes(app: FastifyInstance, orders: OrderService, opts: RegisterOptions, afterChange: () => void): void {
  registerRoute(
    app,
    apiRoutes.orderCreate,
    ({ body, request }) => orders.create(body, { idempotency: idempotencyScope(request, body), account: ownerOf(request), requestId: request.id }),
    opts,
  );
  registerRoute(app, apiRoutes.orderPublicInfo, ({ query }) => orders.publicInfo(query.orderId, query.destinationAddress), opts);
  registerRoute(app, apiRoutes.orderRefundInfo, ({ query }) => orders.refundInfo(query.orderId, query.destinationAddress), opts);
  registerRoute(
    app,
    apiRoutes.orderSetEmail,
    async ({ body }) => {
      await orders.setEmail(body.orderId, body.destinationAddress, body.userEmail, body.locale);
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
      const order = await orders.acceptRateModeChange(body.orderId, body.destinationAddress, body.offeredAmountToGet);
      afterChange();
      return order;
    },
    opts,
  );
}
