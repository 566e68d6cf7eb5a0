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
    summary: 'File a support request; acknowledged by mail',
    schemas: ({ s }) => ({ body: s.SupportRequestBodySchema, response: s.SupportRequestAnswerSchema }),
  },
  supportOrderLookup: {
    method: 'POST',
    path: '/api/v1/support/order-lookup',
    tag: 'support',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Find an order by its deposit transaction hash: the link goes to the order’s email, never in the answer',
    schemas: ({ s }) => ({ body: s.SupportOrderLookupBodySchema, response: s.OkSchema }),
  },
});
