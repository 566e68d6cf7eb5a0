// Per-network status routes (issue 29). statusNetworks: auth none, no per-address limit (one computation per replica
// every NETWORKS_CACHE_MS however many ask), public cache for as long, logs nothing. statusIncidentsFeed: auth none,
// no per-address limit (two indexed reads), public cache a minute, logs nothing. adminNetworkIncidentOpen /
// adminNetworkIncidentUpdate: ADMIN (route table), limited per address (route table rateLimit), logged with the
// admin's account id, the incident id, its network and state.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { unauthorized } from '../accounts';
import { ATOM_TYPE, renderIncidentsFeed } from './atomFeed';
import { NETWORKS_CACHE_MS, type NetworkService } from './networkService';
import type { StatusService } from './service';

const FEED_CACHE_CONTROL = 'public, max-age=60';
/** Open incidents and those of the status page's period (90 days), at most this many of each kind. */
const FEED_MAX_ENTRIES = 100;
const FEED_PERIOD_MS = 90 * 86_400_000;

function adminId(request: FastifyRequest): number {
  if (!request.user) throw unauthorized('NO_SESSION');
  return request.user.userId;
}

export function registerNetworkStatusRoutes(
  app: FastifyInstance,
  deps: { networks: NetworkService; status: StatusService; siteOrigin: string | undefined; now: () => number },
  opts: RegisterOptions,
): void {
  const { networks } = deps;
  registerRoute(
    app,
    apiRoutes.statusNetworks,
    async ({ reply }) => {
      reply.header('cache-control', `public, max-age=${NETWORKS_CACHE_MS / 1000}`);
      return networks.list();
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.statusIncidentsFeed,
    async ({ request, reply }) => {
      const at = deps.now();
      const [incidents, networkIncidents] = await Promise.all([
        deps.status.incidents(),
        networks.incidentsSince(new Date(at - FEED_PERIOD_MS), FEED_MAX_ENTRIES),
      ]);
      const siteOrigin = deps.siteOrigin ?? `${request.protocol}://${request.host}`;
      const feed = renderIncidentsFeed({ siteOrigin, incidents, networkIncidents, now: new Date(at) });
      return reply.type(ATOM_TYPE).header('cache-control', FEED_CACHE_CONTROL).send(feed);
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminNetworkIncidentOpen,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const incident = await networks.open(body, accountId);
      request.log.info(
        { accountId, networkIncidentId: incident.id, network: incident.networkTitle, scope: incident.scope, state: incident.state },
        'network incident opened',
      );
      return incident;
    },
    opts,
  );
  registerRoute(
    app,
    apiRoutes.adminNetworkIncidentUpdate,
    async ({ body, request }) => {
      const accountId = adminId(request);
      const incident = await networks.update(body, accountId);
      request.log.info(
        { accountId, networkIncidentId: incident.id, network: incident.networkTitle, state: incident.resolvedAt ? 'resolved' : incident.state },
        'network incident updated',
      );
      return incident;
    },
    opts,
  );
}
