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
  // Issue 29 "no surprise holds": monthly counts (no personal data) and the refund time a held order is promised.
  statusHolds: {
    method: 'GET',
    path: '/api/v1/status/holds',
    tag: 'status',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary:
      'Orders held, refunded and completed per UTC month over the last 12 months (counts only), how many held orders were refunded within the promised time, and that time (HOLD_REFUND_HOURS). Cached for 5 minutes',
    schemas: ({ s }) => ({ response: s.HoldReportSchema }),
  },
  // Issue 29: per-network status and the incidents' Atom feed.
  statusNetworks: {
    method: 'GET',
    path: '/api/v1/status/networks',
    tag: 'status',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary:
      'Every active network with the state of its deposits and payouts (working, delayed or paused: an operator’s open incident, else the custody’s own signal, else the order job’s progress), the last block or confirmation seen and the current time estimate. Cached for 15 seconds',
    schemas: ({ s }) => ({ response: s.NetworkStatusListSchema }),
  },
  statusIncidentsFeed: {
    method: 'GET',
    path: '/api/v1/status/incidents.atom',
    tag: 'status',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary:
      'The incidents as an Atom 1.0 feed (application/atom+xml): one entry per incident, network incidents with every update; open ones and those of the last 90 days. Cached for a minute',
    schemas: ({ z }) => ({ response: z.unknown().meta({ description: 'an Atom 1.0 feed (application/atom+xml)' }) }),
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
  adminNetworkIncidentOpen: {
    method: 'POST',
    path: '/api/v1/admin/status/network-incidents',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Open an incident on one network: its deposits, payouts or both delayed or paused (shown by /status/networks and the feed)',
    schemas: ({ s }) => ({ body: s.NetworkIncidentOpenBodySchema, response: s.NetworkIncidentSchema }),
  },
  adminNetworkIncidentUpdate: {
    method: 'POST',
    path: '/api/v1/admin/status/network-incidents/update',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Post an update on a network incident: delayed or paused moves it, resolved closes it',
    schemas: ({ s }) => ({ body: s.NetworkIncidentUpdateBodySchema, response: s.NetworkIncidentSchema }),
  },
});
