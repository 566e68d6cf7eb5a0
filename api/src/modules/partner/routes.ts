// The partner API's routes (route table names partner*, auth 'partner'): catalogue, rates, orders made with the key
// (attributed to its owner), the owner's orders only, and webhooks. Another partner's order or webhook is ERR_NOT_FOUND.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, apiRoutes, type ExchangeRequest, PARTNER_ERROR_MESSAGES as MSG, type PairData, partnerNotFound } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { Query } from '../../db/query';
import type { InstrumentRepo } from '../instruments';
import type { OrderService } from '../orders';
import { listPublicPairs } from '../pairs';
import type { WebhookService } from '../webhooks';
import { partnerKeyOf } from './auth';

export interface PartnerRouteDeps {
  q: Query;
  instruments: InstrumentRepo;
  quote: (request: ExchangeRequest) => PairData;
  orders: OrderService;
  webhooks: WebhookService;
  referrerIdOf(userId: number): Promise<string>;
  /** Runs the order job soon (a new order). */
  afterChange?: () => void;
}

/** Orders made with any key of the owner (deleted keys included: their orders stay the partner's). */
const OWN_ORDERS = 'api_key_id IN (SELECT api_id FROM api_keys WHERE user_id = $1)';

function idempotencyKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') {
    throw ApiError.of('ERR_VALIDATION', MSG.idempotencyKeyRequired, {
      fields: { 'Idempotency-Key': 'required' },
    });
  }
  return key;
}

export function registerPartnerRoutes(app: FastifyInstance, deps: PartnerRouteDeps, opts: RegisterOptions): void {
  const { q, orders, webhooks } = deps;
  registerRoute(
    app,
    apiRoutes.partnerInstruments,
    () =>
      deps.instruments
        .all()
        .filter((i) => i.isActive && i.provider === 'EXCHANGE')
        .map((i) => i.public),
    opts,
  );
  // Card purchases need a signed-in account (§4, §6): the partner API offers exchange pairs only.
  registerRoute(app, apiRoutes.partnerPairs, () => listPublicPairs(deps.instruments, { cardPurchases: false }), opts);
  // Issue 29: nor card quotes (the guides' "crypto pairs only"): a fiat sender is refused as the order create refuses it.
  registerRoute(
    app,
    apiRoutes.partnerRate,
    ({ query }) => {
      const quote = deps.quote(query);
      if (quote.instrumentFrom.instrumentType === 'fiat') throw ApiError.of('ERR_NOT_ACCEPTABLE', MSG.cardPurchases);
      return quote;
    },
    opts,
  );

  registerRoute(
    app,
    apiRoutes.partnerOrderCreate,
    async ({ body, request }) => {
      const key = partnerKeyOf(request);
      const idempotencyKey = idempotencyKeyOf(request);
      const order = await orders.create(body, {
        idempotency: { key: idempotencyKey, owner: `key:${key.apiId}` },
        partner: { apiKeyId: key.apiId, referrerId: await deps.referrerIdOf(key.userId) },
        // Issue 14: the order job's lines about this order carry the partner's request id.
        requestId: request.id,
      });
      deps.afterChange?.();
      request.log.info({ orderId: order.orderId, apiId: key.apiId, userId: key.userId }, 'partner order created');
      return order;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerOrders,
    async ({ query, request }) => {
      const { userId } = partnerKeyOf(request);
      const [count] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE ${OWN_ORDERS}`, [userId]);
      const ids = await q<{ orderId: string }>(
        `SELECT order_id AS "orderId" FROM orders WHERE ${OWN_ORDERS} ORDER BY created_at DESC, order_id LIMIT $2 OFFSET $3`,
        [userId, query.perPage, (query.page - 1) * query.perPage],
      );
      const items = await orders.ordersById(ids.map((r) => r.orderId));
      return { items, total: Number(count?.n ?? 0), page: query.page, perPage: query.perPage };
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerOrder,
    async ({ params, request }) => {
      const { userId } = partnerKeyOf(request);
      const own = await q(`SELECT 1 FROM orders WHERE order_id = $2 AND ${OWN_ORDERS}`, [userId, params.orderId]);
      const [order] = own.length ? await orders.ordersById([params.orderId]) : [];
      if (!order) throw ApiError.of('ERR_NOT_FOUND', partnerNotFound('Order', params.orderId));
      return order;
    },
    opts,
  );

  /** The destination address of one of the partner's own orders: the order's credential for the customer's calls. */
  async function ownOrderDestination(userId: number, orderId: string): Promise<string> {
    const [own] = await q<{ destinationAddress: string }>(
      `SELECT destination_address AS "destinationAddress" FROM orders WHERE order_id = $2 AND ${OWN_ORDERS}`,
      [userId, orderId],
    );
    if (!own) throw ApiError.of('ERR_NOT_FOUND', partnerNotFound('Order', orderId));
    return own.destinationAddress;
  }
  // Issue 29: the customer's choices (refund, new rate) with the key, through the same service and rules.
  registerRoute(
    app,
    apiRoutes.partnerOrderRefundInfo,
    async ({ params, request }) => orders.refundInfo(params.orderId, await ownOrderDestination(partnerKeyOf(request).userId, params.orderId)),
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerOrderRequestRefund,
    async ({ params, body, request }) => {
      const key = partnerKeyOf(request);
      const destinationAddress = await ownOrderDestination(key.userId, params.orderId);
      const order = await orders.requestRefund({ ...body, orderId: params.orderId, destinationAddress });
      deps.afterChange?.();
      request.log.info({ orderId: params.orderId, apiId: key.apiId, userId: key.userId }, 'partner refund requested');
      return order;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerOrderAcceptRate,
    async ({ params, body, request }) => {
      const key = partnerKeyOf(request);
      const destinationAddress = await ownOrderDestination(key.userId, params.orderId);
      const order = await orders.acceptRateModeChange(params.orderId, destinationAddress, body.offeredAmountToGet);
      deps.afterChange?.();
      request.log.info({ orderId: params.orderId, apiId: key.apiId, userId: key.userId }, 'partner accepted the new rate');
      return order;
    },
    opts,
  );

  registerRoute(app, apiRoutes.partnerWebhooks, ({ request }) => webhooks.list(partnerKeyOf(request).userId), opts);
  registerRoute(
    app,
    apiRoutes.partnerWebhookCreate,
    async ({ body, request }) => {
      const key = partnerKeyOf(request);
      const webhook = await webhooks.register(key.userId, body.url, key.apiId);
      request.log.info({ webhookId: webhook.id, userId: key.userId, apiId: key.apiId }, 'webhook registered');
      return webhook;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerWebhookDelete,
    async ({ body, request }) => {
      const key = partnerKeyOf(request);
      await webhooks.remove(key.userId, body.id);
      request.log.info({ webhookId: body.id, userId: key.userId, apiId: key.apiId }, 'webhook removed');
      return { ok: true as const };
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerWebhookDeliveries,
    ({ query, request }) => webhooks.deliveries(partnerKeyOf(request).userId, query.webhookId, query.limit, query.status),
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerWebhookTest,
    async ({ body, request }) => {
      const key = partnerKeyOf(request);
      const delivery = await webhooks.sendTest(key.userId, body.id);
      request.log.info({ webhookId: body.id, deliveryId: delivery.id, userId: key.userId, apiId: key.apiId }, 'webhook test event requested');
      return delivery;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.partnerWebhookDeliveryReplay,
    async ({ body, request }) => {
      const key = partnerKeyOf(request);
      const delivery = await webhooks.replay(key.userId, body.id);
      request.log.info({ deliveryId: body.id, webhookId: delivery.webhookId, userId: key.userId, apiId: key.apiId }, 'webhook delivery replay requested');
      return delivery;
    },
    opts,
  );
}
