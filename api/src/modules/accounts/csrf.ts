// CSRF: a state-changing request that carries cookies is refused when Fetch Metadata says it came from
// another site, or when its Origin is not the site's own (PUBLIC_ORIGIN, else the request's own origin).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from 'shared-contracts/server';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function crossSiteReason(request: FastifyRequest, publicOrigins: readonly string[]): string | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  // Only cookie-authenticated browsers can be forged into a request; API clients without cookies are not concerned.
  if (!request.headers.cookie) return null;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return 'cross-site request';
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  const allowed = publicOrigins.length > 0 ? publicOrigins : [`${request.protocol}://${request.host}`];
  // "null" (sandboxed frames, some redirects) is never the site's own.
  if (!allowed.includes(origin.replace(/\/+$/, ''))) return `origin ${origin} is not allowed`;
  return null;
}

export function installCsrfGuard(app: FastifyInstance, publicOrigins: readonly string[]): void {
  // A callback hook: it runs on every request, and a promise per request is measurable (issue 27).
  app.addHook('onRequest', (request, _reply, done) => {
    const reason = crossSiteReason(request, publicOrigins);
    if (reason) return done(ApiError.of('ERR_FORBIDDEN', `Refused: ${reason} with cookies (CSRF protection)`));
    done();
  });
}
