// Support: a support request, and the order lookup by deposit transaction hash.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const supportRoutes = defineRoutes({
  supportRequestCreate: {
    method: 'POST',
    path: '/api/v1/support/requests',
    tag: 'support',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 13: each request mails an acknowledgement (also limited per email: api/src/limits/support.ts).
    rateLimit: { perAddress: 10 },
    summary: 'File a support request; acknowledged by mail',
    schemas: ({ s }) => ({ body: s.SupportRequestBodySchema, response: s.SupportRequestAnswerSchema }),
  },
  supportOrderLookup: {
    method: 'POST',
    path: '/api/v1/support/order-lookup',
    tag: 'support',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 13: the lookup probes orders by transaction hash, so it is held hard (and per address and hour: api/src/limits/support.ts).
    rateLimit: { perAddress: 5 },
    summary: 'Find an order by its deposit transaction hash: the link goes to the order’s email, never in the answer',
    schemas: ({ s }) => ({ body: s.SupportOrderLookupBodySchema, response: s.OkSchema }),
  },
});
