// GET /api/v1/openapi.json (issue 13, §7): the OpenAPI document generated from the shared-contracts route table,
// the one `pnpm lint:openapi` checks and the docs' API reference renders. Built once at start-up; its server is
// the site's public origin (PUBLIC_ORIGIN, the first one) when configured, else relative to where it is served.
// Public (route table auth 'none'), no rate limit: one static answer that shared caches may keep five minutes.
// Nothing is logged beyond the request log line.
import type { FastifyInstance } from 'fastify';
import { apiRoutes, buildOpenApiDocument } from 'shared-contracts/server';
import { registerRoute, SerializedJson, type RegisterOptions } from '../../http/registerRoute';

const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

interface OpenApiModuleDeps {
  /** The site's public origin, `https://…`; unset in development. */
  publicOrigin?: string;
}

export function registerOpenApiModule(app: FastifyInstance, deps: OpenApiModuleDeps, opts: RegisterOptions): void {
  const document = new SerializedJson(buildOpenApiDocument({ serverUrl: deps.publicOrigin }));
  registerRoute(
    app,
    apiRoutes.openApiDocument,
    ({ reply }) => {
      reply.header('cache-control', OPENAPI_CACHE_CONTROL);
      return document;
    },
    opts,
  );
}
