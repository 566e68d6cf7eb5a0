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
    // Issue 13: the shell batches analytics events (one request per few seconds of use, one more on leaving a page).
    rateLimit: { perAddress: 120 },
    summary: 'First-party analytics sink: a batch of §4 events',
    schemas: ({ z, s }) => ({ body: s.AnalyticsBatchSchema, response: z.object({ accepted: z.number().int() }) }),
  },
});
