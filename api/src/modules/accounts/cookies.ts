// The session cookies (§6): access_token and refresh_token HttpOnly; u_id readable by the page and
// carrying the visitor fingerprint. Secure when the site's public origin is https, when the request came
// over https (X-Forwarded-Proto from a trusted proxy), and always in production (issue 7). refresh_token is
// sent only to the calls that use it (refresh and logout, under REFRESH_COOKIE_PATH).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeTable } from 'shared-contracts/server';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const VISITOR_COOKIE = 'u_id';

function commonPrefix(paths: string[]): string {
  const parts = paths.map((p) => p.split('/'));
  const out: string[] = [];
  for (let i = 0; parts.every((p) => i < p.length - 1 && p[i] === parts[0][i]); i++) out.push(parts[0][i]);
  return out.join('/') || '/';
}

/** The folder holding refresh and logout in the route table: /api/v1/users/authentication. */
const REFRESH_COOKIE_PATH = commonPrefix([routeTable.refresh.path, routeTable.logout.path]);

export interface CookiePolicy {
  /** NODE_ENV=production: Secure whatever the request looked like. */
  alwaysSecure: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    cookiePolicy: CookiePolicy;
  }
}

export function installCookiePolicy(app: FastifyInstance, policy: CookiePolicy): void {
  app.decorate('cookiePolicy', policy);
}

function isHttps(request: FastifyRequest, publicOrigins: readonly string[]): boolean {
  if (request.server.cookiePolicy?.alwaysSecure) return true;
  // request.protocol follows X-Forwarded-Proto only from proxies TRUST_PROXY trusts.
  return request.protocol === 'https' || (publicOrigins.length > 0 && publicOrigins.every((o) => o.startsWith('https://')));
}

export interface SessionCookieValues {
  accessToken: string;
  refreshToken: string;
  visitorId: string;
  /** Lifetime of all three cookies: the refresh token's. The JWT inside access_token expires sooner. */
  maxAgeSeconds: number;
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, v: SessionCookieValues, publicOrigins: readonly string[]): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: isHttps(request, publicOrigins), maxAge: v.maxAgeSeconds };
  reply.setCookie(ACCESS_COOKIE, v.accessToken, { ...base, httpOnly: true });
  reply.setCookie(REFRESH_COOKIE, v.refreshToken, { ...base, path: REFRESH_COOKIE_PATH, httpOnly: true });
  reply.setCookie(VISITOR_COOKIE, v.visitorId, { ...base, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, publicOrigins: readonly string[]): void {
  const secure = isHttps(request, publicOrigins);
  reply.clearCookie(ACCESS_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
  reply.clearCookie(VISITOR_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, sameSite: 'lax', secure, httpOnly: true });
  // Sessions started before the refresh cookie moved off path / would otherwise keep that one forever.
  reply.clearCookie(REFRESH_COOKIE, { path: '/', sameSite: 'lax', secure, httpOnly: true });
}
