// Issue 24: every api answer says `X-Content-Type-Options: nosniff` (a JSON answer is never sniffed into a page),
// and every answer of an account call is `Cache-Control: no-store`: the route table's 'user', 'admin', 'partner' and
// 'optional' routes, the sign-in, session and password calls under /api/v1/users/, the order calls whose answers
// carry an order's addresses (/api/v1/orders/). No shared cache or browser history keeps them.
import type { FastifyInstance, onSendHookHandler } from 'fastify';
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

/** Call before any route is registered: whether a route is private is decided once, when it is added. */
export function installSecurityHeaders(app: FastifyInstance): void {
  // Callback hooks: they run on every answer, and a promise per answer is measurable (issue 27).
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
  const noStore: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => isPrivateRoute(method, route.url))) return;
    const existing = route.onSend;
    route.onSend = existing ? [noStore, ...(Array.isArray(existing) ? existing : [existing])] : [noStore];
  });
}
