// The public status page, and the incidents an admin posts on it (ADMIN permission, §6).
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const statusRoutes = defineRoutes({
  statusPage: {
    method: 'GET',
    path: '/api/v1/status',
    tag: 'status',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The service’s health now, per day over the last 90 days, and its incidents',
    schemas: ({ s }) => ({ response: s.StatusPageSchema }),
  },
});

export const incidentAdminRoutes = defineRoutes({
  adminIncidentCreate: {
    method: 'POST',
    path: '/api/v1/admin/status/incidents',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Post an incident on the status page',
    schemas: ({ s }) => ({ body: s.IncidentCreateBodySchema, response: s.IncidentSchema }),
  },
  adminIncidentUpdate: {
    method: 'POST',
    path: '/api/v1/admin/status/incidents/update',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Move an incident to another state (resolved closes it), optionally with a new text',
    schemas: ({ s }) => ({ body: s.IncidentUpdateBodySchema, response: s.IncidentSchema }),
  },
});
