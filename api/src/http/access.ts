// Deny by default (issue 7): every route is either in the shared-contracts route table (its auth enforced by
// modules/accounts/authenticate.ts) or declares its own check in `config.access`; a route with neither stops
// the app at registration, so it can never be served by accident.
import type { FastifyInstance } from 'fastify';
import { routeNameOf } from './routeIndex';
import { createSandboxGuard } from './sandboxGuard';

/**
 * - `sandbox`: SANDBOX ONLY endpoints, guarded by sandboxGuard.ts (local caller or operator token);
 * - `public-websocket`: the WebSocket, which applies its own caps and message checks (ws/index.ts).
 */
export type RouteAccess = 'sandbox' | 'public-websocket';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export class UndeclaredRouteError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} is neither in the shared-contracts route table nor declares config.access (deny by default)`);
    this.name = 'UndeclaredRouteError';
  }
}

/** Call before any route is registered. */
export function installAccessPolicy(app: FastifyInstance, opts: { sandboxToken?: string }): void {
  const sandboxGuard = createSandboxGuard(opts.sandboxToken);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    if (access === 'sandbox') {
      // First of the route's own hooks: refused before any body is parsed or any limit counted.
      route.onRequest = [sandboxGuard, ...(route.onRequest ? [route.onRequest].flat() : [])];
      return;
    }
    if (access === 'public-websocket') return;
    for (const method of methods) {
      if (!routeNameOf(method, route.url)) throw new UndeclaredRouteError(method, route.url);
    }
  });
}
