// §7 `POST /dict/seo`, registered from the shared-contracts route table. No authentication; per-address limit in
// api/src/limits/; nothing logged per request (an unknown page kind or pair is a 404, not an incident).
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { SeoService } from './service';

/** The texts change only with a deploy or the instrument list: shared caches may keep them five minutes. */
const CACHE_CONTROL = 'public, max-age=300';

export function registerSeoRoutes(app: FastifyInstance, seo: SeoService, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.seo,
    ({ body, reply }) => {
      const answer = seo.texts(body.config_id, body.params.page);
      reply.header('cache-control', CACHE_CONTROL);
      return answer;
    },
    opts,
  );
}
