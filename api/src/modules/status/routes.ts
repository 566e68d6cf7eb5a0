// The status page's routes (issue 13). statusPage: auth none, no per-address limit (a health ping and two indexed
// reads, not cached), logs nothing. adminIncidentCreate / adminIncidentUpdate: ADMIN (route table),
// limited per address (api/src/limits/), logged with the admin's account id and the incident id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { unauthorized } from '../accounts';
import type { StatusService } from './service';

function adminId(request: FastifyRequest): number {
  if (!request.user) throw unauthorized('NO_SESSION');
  return request.user.userId;
}

export function registerStatusRoutes(app: FastifyInstance, status: StatusService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.statusPage,
    async ({ reply }) => {
      // Not cached: an incident an admin posts or resolves shows at the next load.
      reply.header('cache-control', 'no-store');
      return status.page();
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminIncidentCreate,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const incident = await status.createIncident(body, accountId);
      request.log.info({ accountId, incidentId: incident.id, state: incident.state }, 'status incident posted');
      return incident;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminIncidentUpdate,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const incident = await status.updateIncident(body, accountId);
      request.log.info({ accountId, incidentId: incident.id, state: incident.state }, 'status incident updated');
      return incident;
    },
    opts,
  );
}
