// Issue 24: every api answer says `X-Content-Type-Options: nosniff` (a JSON answer is never sniffed into a page),
// and every answer of an account call is `Cache-Control: no-store`: the route table's 'user', 'admin', 'partner' and
// 'optional' routes, the sign-in, session and password calls under /api/v1/users/, the order calls whose answers
// carry an order's addresses (/api/v1/orders/). No shared cache or browser history keeps them.
import type { FastifyInstance } from 'fastify';
import { routeTable } from 'shared-contracts/server';
import { routeNameOf } from './routeIndex';

const PRIVATE_PREFIXES = ['/api/v1/users/', '/api/v1/admin/', '/api/v1/orders/'];

/** Whether the answers of a registered route (method + Fastify url pattern) belong to an account or an order. */
export function isPrivateRoute(method: string, url: string): boolean {
  const name = routeNameOf(method, url);
  const auth = name ? (routeTable[name] as { auth: string }).auth : undefined;
  if (auth && auth !== 'none') return true;
  return PRIVATE_PREFIXES.some((p) => url.startsWith(p));
}

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const url = request.routeOptions.url;
    if (url && isPrivateRoute(request.method, url)) reply.header('cache-control', 'no-store');
  });
}
