// The partner API: the account's API keys (made on /profile/keys) and the calls made with them (x-api-key; per-key
// limits in RateLimit-* headers).
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const apiKeyRoutes = defineRoutes({
  generateApiKey: {
    method: 'POST',
    path: '/api/v1/users/generate-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 11: each account also has at most 20 keys.
    rateLimit: { perAddress: 30 },
    summary: 'Create an API key (the key and its signing secret are shown once; needs a confirmed email and a recent sign-in)',
    schemas: ({ z, s }) => ({
      // Issue 29: the name is optional, as documented: no body, `{}` or no name all make a key named "API key".
      body: z.object({ name: z.string().trim().min(1).max(64).optional() }).optional(),
      // Both shown once: `secret` is the x-api-key header, `signingSecret` keys the request signatures (issue 24).
      response: s.ApiKeyRecordSchema.extend({ secret: z.string(), signingSecret: z.string() }),
    }),
  },
  listApiKeys: {
    method: 'GET',
    path: '/api/v1/users/list-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'API keys',
    schemas: ({ z, s }) => ({ response: z.array(s.ApiKeyRecordSchema) }),
  },
  updateApiKey: {
    method: 'POST',
    path: '/api/v1/users/update-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Update an API key',
    schemas: ({ s }) => ({ body: s.ApiKeySchema, response: s.ApiKeyRecordSchema }),
  },
  deleteApiKey: {
    method: 'POST',
    path: '/api/v1/users/delete-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Delete an API key',
    schemas: ({ z, s }) => ({ body: z.object({ apiId: z.string().min(1).max(64) }), response: s.OkSchema }),
  },
  /** `id`: the key's apiId. */
  resumeApiKey: {
    method: 'POST',
    path: '/api/v1/users/resume-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Resume an API key suspended by a password reset, with the webhooks registered through it (needs a confirmed email and a recent sign-in)',
    schemas: ({ z, s }) => ({ body: z.object({ id: z.string().min(1).max(64) }), response: s.OkSchema }),
  },
});

export const partnerRoutes = defineRoutes({
  partnerInstruments: {
    method: 'GET',
    path: '/api/partner/v1/instruments',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Active instruments',
    schemas: ({ z, s }) => ({ response: z.array(s.InstrumentSchema) }),
  },
  partnerPairs: {
    method: 'GET',
    path: '/api/partner/v1/pairs',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Every tradable pair',
    schemas: ({ z, s }) => ({ response: z.array(s.PublicPairSchema) }),
  },
  partnerRate: {
    method: 'GET',
    path: '/api/partner/v1/rates',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.rateOne,
    summary: 'Full pair data (rate, limits, fees) for a pair and amount',
    schemas: ({ s }) => ({ query: s.ExchangeRequestSchema, response: s.PairDataSchema }),
  },
  partnerOrderCreate: {
    method: 'POST',
    path: '/api/partner/v1/orders',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.createOrder,
    summary: "Create an order for a partner's customer (Idempotency-Key header required); attributed to the key's owner for commission",
    schemas: ({ s }) => ({ body: s.PartnerCreateOrderBodySchema, response: s.OrderSchema }),
  },
  partnerOrders: {
    method: 'GET',
    path: '/api/partner/v1/orders',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The partner's own orders, newest first",
    schemas: ({ z, s }) => ({
      query: s.PageQuerySchema,
      response: z.object({ items: z.array(s.OrderSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
    }),
  },
  partnerOrder: {
    method: 'GET',
    path: '/api/partner/v1/orders/:orderId',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'One of the partner’s orders',
    schemas: ({ z, s }) => ({ params: z.object({ orderId: z.string().min(1).max(64) }), response: s.OrderSchema }),
  },
  /** Issue 29: the customer's refund and new-rate choice (orders/routes.ts), for the partner's own orders, with its key. */
  partnerOrderRefundInfo: {
    method: 'GET',
    path: '/api/partner/v1/orders/:orderId/refund-info',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'What a refund of the order returns (a fixed-rate order with a problem, an order on hold, or one waiting for the new-rate choice)',
    schemas: ({ z, s }) => ({ params: z.object({ orderId: z.string().min(1).max(64) }), response: s.RefundInfoSchema }),
  },
  partnerOrderRequestRefund: {
    method: 'POST',
    path: '/api/partner/v1/orders/:orderId/request-refund',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.refund,
    summary:
      'Request the refund of one of the partner’s orders, as its customer would (the same rules: refundAmount and claimedNetworkFee as the refund info says; the refund address is given here when the order has none)',
    schemas: ({ z, s }) => ({
      params: z.object({ orderId: z.string().min(1).max(64) }),
      body: z.object({
        refundAddress: z.string().trim().min(1).max(256),
        refundAddressMemo: z.string().trim().max(128).optional(),
        refundAmount: s.MoneySchema,
        claimedNetworkFee: s.MoneySchema,
      }),
      response: s.OrderSchema,
    }),
  },
  partnerOrderAcceptRate: {
    method: 'POST',
    path: '/api/partner/v1/orders/:orderId/accept-rate-mode-change',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.acceptRate,
    summary: 'Accept the new floating rate offered to one of the partner’s orders (orderDetails.offeredRate), as its customer would',
    schemas: ({ z, s }) => ({
      params: z.object({ orderId: z.string().min(1).max(64) }),
      /** The offer accepted (orderDetails.offeredRate.amountToGet): paid exactly, or refused once renewed or expired. */
      body: z.object({ offeredAmountToGet: s.MoneySchema.optional() }),
      response: s.OrderSchema,
    }),
  },
  partnerWebhooks: {
    method: 'GET',
    path: '/api/partner/v1/webhooks',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The partner's webhooks",
    schemas: ({ z, s }) => ({ response: z.array(s.WebhookSchema) }),
  },
  partnerWebhookCreate: {
    method: 'POST',
    path: '/api/partner/v1/webhooks',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Register a webhook URL; the answer carries its signing secret, shown once',
    schemas: ({ z, s }) => ({ body: z.object({ url: z.string().trim().url().max(2048) }), response: s.WebhookSchema.extend({ secret: z.string() }) }),
  },
  partnerWebhookDelete: {
    method: 'POST',
    path: '/api/partner/v1/webhooks/delete',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Remove a webhook',
    schemas: ({ z, s }) => ({ body: z.object({ id: z.string().min(1).max(64) }), response: s.OkSchema }),
  },
  partnerWebhookDeliveries: {
    method: 'GET',
    path: '/api/partner/v1/webhooks/deliveries',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The delivery log of the partner’s webhooks, newest first',
    schemas: ({ z, s }) => ({
      query: z.object({
        webhookId: z.string().max(64).optional(),
        /** Issue 29: only the deliveries in this state. */
        status: s.WebhookDeliveryStatusSchema.optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
      response: z.array(s.WebhookDeliverySchema),
    }),
  },
  /** Issue 29: try a webhook from anywhere (a hosted sandbox included), without an order. */
  partnerWebhookTest: {
    method: 'POST',
    path: '/api/partner/v1/webhooks/test',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary:
      'Send a test event (type webhook.test, no order) to a webhook now, signed and retried like every delivery; answers its delivery as it stands (PENDING until sent; follow it in the delivery log)',
    schemas: ({ z, s }) => ({ body: z.object({ id: z.string().min(1).max(64) }), response: s.WebhookDeliverySchema }),
  },
  partnerWebhookDeliveryReplay: {
    method: 'POST',
    path: '/api/partner/v1/webhooks/deliveries/replay',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary:
      'Send a delivery again (DELIVERED, FAILED or CANCELLED; its webhook live): the same event id and payload, its attempts counted anew; answers it as it stands',
    schemas: ({ z, s }) => ({ body: z.object({ id: z.string().min(1).max(64) }), response: s.WebhookDeliverySchema }),
  },
});
