// Health and liveness (§7), and the v1 instruments call the status checks probe.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const healthRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/v1/health',
    tag: 'health',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.health,
    summary: 'Service health and which adapters are sandboxes',
    schemas: ({ s }) => ({ response: s.HealthSchema }),
  },
  healthz: {
    method: 'GET',
    path: '/api/v1/healthz',
    tag: 'health',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.healthz,
    summary: 'Liveness',
    schemas: ({ z }) => ({ response: z.object({ status: z.literal('ok') }) }),
  },
  instrumentsV1: {
    method: 'GET',
    path: '/api/v1/instruments/public',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.instrumentsV1,
    summary: 'Active instruments (v1, used as a health probe)',
    schemas: ({ z, s }) => ({ response: z.array(s.InstrumentSchema) }),
  },
});
