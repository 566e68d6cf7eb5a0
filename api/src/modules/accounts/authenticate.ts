// §4/§6 authorisation: every route's `auth` in the shared-contracts route table is enforced here, once,
// for all modules. 'user'/'admin' need a live session; 'optional' takes one when present. The access
// token's session is checked on every request, so logout, reuse detection and a password reset end a
// session at once rather than when its JWT expires.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError, routeTable, type RouteAuth, type RouteName } from 'shared-contracts/server';
import type { Permissions, UserRepo } from './repo';
import { ACCESS_COOKIE } from './cookies';
import type { TokenService } from './tokens';

export interface AuthUser {
  userId: number;
  email: string;
  permissions: Permissions;
  adminPermissionsScope: Record<string, unknown>;
  locale: 'en' | 'ru';
  sessionId: string;
  /** Null until the account's email is confirmed (guards.ts requireConfirmedEmail). */
  emailConfirmedAt: Date | null;
  twoFactorEnabled: boolean;
  /** The session's last sign-in or step-up (guards.ts requireStepUp). */
  authenticatedAt: Date;
  /** The api's clock when the request was authenticated. */
  authenticatedNow: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set for routes whose auth is 'user', 'admin' or 'optional'. */
    user: AuthUser | null;
  }
}

export type UnauthorizedReason = 'NO_SESSION' | 'TOKEN_EXPIRED' | 'INVALID_TOKEN' | 'SESSION_ENDED';

/** 401 ERR_UNAUTHORIZED; details.reason TOKEN_EXPIRED tells the client a refresh will help. */
export function unauthorized(reason: UnauthorizedReason): ApiError {
  const message =
    reason === 'TOKEN_EXPIRED'
      ? 'Access token expired; refresh the session'
      : reason === 'NO_SESSION'
        ? 'Sign in required'
        : 'Session is not valid; sign in again';
  return ApiError.of('ERR_UNAUTHORIZED', message, { details: { reason } });
}

/** Routes where a stale access token must not stand in the way (signing out still works). */
const STALE_TOKEN_TOLERATED = new Set<RouteName>(['logout']);

export interface Authenticator {
  /** Resolves the access token of a request: the user, null for a guest, or the reason it was refused. */
  resolve(request: FastifyRequest): Promise<AuthUser | null | UnauthorizedReason>;
}

export function createAuthenticator(tokens: TokenService, users: UserRepo, now: () => number): Authenticator {
  return {
    async resolve(request) {
      const token = request.cookies?.[ACCESS_COOKIE];
      if (!token) return null;
      const verdict = await tokens.verifyAccess(token, now());
      if (!verdict.ok) return verdict.reason;
      const at = new Date(now());
      const user = await users.findBySession(verdict.claims.sessionId, verdict.claims.userId, at);
      if (!user) return 'SESSION_ENDED';
      const { passwordHash: _, ...rest } = user;
      return { ...rest, sessionId: verdict.claims.sessionId, authenticatedNow: at };
    },
  };
}

/** Call before any route is registered: the hook is attached, as the route's first preHandler, only to routes that authenticate. */
export function installAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  const byRoute = new Map<string, { name: RouteName; auth: RouteAuth }>();
  for (const [name, meta] of Object.entries(routeTable) as [RouteName, { method: string; path: string; auth: RouteAuth }][]) {
    byRoute.set(`${meta.method} ${meta.path}`, { name, auth: meta.auth });
  }
  app.decorateRequest('user', null);
  // Issue 27: decided once per route rather than looked up on every request; a public route runs no hook at all.
  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    const route = methods.length === 1 ? byRoute.get(`${methods[0]} ${routeOptions.url}`) : undefined;
    // 'partner' routes are authenticated by their API key (modules/partner), never by cookies.
    if (!route || route.auth === 'none' || route.auth === 'partner') return;
    const authenticate: preHandlerAsyncHookHandler = async (request, reply) => {
      // Nothing personal may be cached by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      const resolved = await authenticator.resolve(request);
      if (typeof resolved === 'string') {
        if (route.auth === 'optional' && STALE_TOKEN_TOLERATED.has(route.name)) return;
        // Also for 'optional': an order must not silently become a guest's because the token expired.
        throw unauthorized(resolved);
      }
      if (!resolved) {
        if (route.auth === 'optional') return;
        throw unauthorized('NO_SESSION');
      }
      if (route.auth === 'admin' && resolved.permissions !== 'ADMIN') {
        throw ApiError.of('ERR_NOT_ENOUGH_PERMISSIONS', 'Administrator permissions required');
      }
      request.user = resolved;
    };
    const existing = routeOptions.preHandler;
    routeOptions.preHandler = existing ? [authenticate, ...(Array.isArray(existing) ? existing : [existing])] : [authenticate];
  });
}
