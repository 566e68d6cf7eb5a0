// Orders (§7): look an order up by id and destination address, create it, attach an email, ask for a refund and
// accept a new rate. Each call declared once (defineRoutes.ts); routeTable.ts puts the domains together.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const orderRoutes = defineRoutes({
  ordersPublicLatest: {
    method: 'GET',
    path: '/api/v1/orders/public/latest',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Latest completed exchanges',
    schemas: ({ z, s }) => ({ response: z.array(s.LatestOrderSchema) }),
  },
  orderPublicInfo: {
    method: 'GET',
    path: '/api/v1/orders/public-info',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'An order, looked up by id and destination address',
    schemas: ({ s }) => ({ query: s.OrderLookupQuerySchema, response: s.OrderSchema }),
  },
  // Issue 24: every customer action names the order by id and destination address (the pair is the credential).
  orderRefundInfo: {
    method: 'GET',
    path: '/api/v1/orders/order-refund-info',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Refund amount and network fee of a fixed-rate order or of an order on hold, named by its id and destination address',
    schemas: ({ s }) => ({ query: s.OrderLookupQuerySchema, response: s.RefundInfoSchema }),
  },
  orderCreate: {
    method: 'POST',
    path: '/api/v1/orders/public/create',
    tag: 'orders',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.createOrder,
    rateLimit: { perAddress: 30 },
    summary: 'Create an exchange order (send an Idempotency-Key header to make retries safe)',
    schemas: ({ s }) => ({ body: s.CreateOrderBodySchema, response: s.OrderSchema }),
  },
  orderSetEmail: {
    method: 'POST',
    path: '/api/v1/orders/public/set-email',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Attach an email to an order, named by its id and destination address',
    schemas: ({ z, s }) => ({
      // `locale`: the language of the mail with the order's link (issue 23); English without it.
      body: z.object({
        orderId: z.string().min(1),
        destinationAddress: z.string().min(1).max(256),
        userEmail: s.EmailSchema,
        locale: z.enum(['en', 'ru']).optional(),
      }),
      response: s.OkSchema,
    }),
  },
  orderRequestRefund: {
    method: 'POST',
    path: '/api/v1/orders/public/request-refund',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.refund,
    rateLimit: { perAddress: 30 },
    summary: 'Request a refund of a fixed-rate order with a problem, or of an order on hold (the refund address is given here when the order has none)',
    schemas: ({ z, s }) => ({
      body: z.object({
        orderId: z.string().min(1),
        destinationAddress: z.string().min(1),
        refundAddress: z.string().trim().min(1).max(256),
        refundAddressMemo: z.string().trim().max(128).optional(),
        refundAmount: s.MoneySchema,
        claimedNetworkFee: s.MoneySchema,
      }),
      response: s.OrderSchema,
    }),
  },
  orderAcceptRateModeChange: {
    method: 'POST',
    path: '/api/v1/orders/public/accept-rate-mode-change',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.acceptRate,
    rateLimit: { perAddress: 30 },
    summary: 'Accept the new floating rate',
    schemas: ({ z, s }) => ({
      body: z.object({
        orderId: z.string().min(1),
        destinationAddress: z.string().min(1),
        /** The offer accepted (orderDetails.offeredRate.amountToGet): paid exactly, or refused once renewed or expired (issue 23). */
        offeredAmountToGet: s.MoneySchema.optional(),
      }),
      response: s.OrderSchema,
    }),
  },
});
