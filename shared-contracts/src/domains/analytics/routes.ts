// The first-party analytics sink (§4 analytics events).
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const analyticsRoutes = defineRoutes({
  analyticsCollect: {
    method: 'POST',
    path: '/api/v1/analytics/events',
    tag: 'analytics',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'First-party analytics sink: a batch of §4 events',
    schemas: ({ z, s }) => ({ body: s.AnalyticsBatchSchema, response: z.object({ accepted: z.number().int() }) }),
  },
});
