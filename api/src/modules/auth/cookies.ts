// The session cookies (§6): access_token and refresh_token HttpOnly; u_id readable by the page and
// carrying the visitor fingerprint. Secure when the request came over HTTPS (X-Forwarded-Proto aware).
import type { FastifyReply, FastifyRequest } from 'fastify';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const VISITOR_COOKIE = 'u_id';
export const SESSION_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE, VISITOR_COOKIE] as const;

export function isHttps(request: FastifyRequest, publicOrigins: readonly string[]): boolean {
  // trustProxy is on (web proxies the api), so request.protocol follows X-Forwarded-Proto.
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
  reply.setCookie(REFRESH_COOKIE, v.refreshToken, { ...base, httpOnly: true });
  reply.setCookie(VISITOR_COOKIE, v.visitorId, { ...base, httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, publicOrigins: readonly string[]): void {
  const secure = isHttps(request, publicOrigins);
  for (const name of SESSION_COOKIES) {
    reply.clearCookie(name, { path: '/', sameSite: 'lax', secure, httpOnly: name !== VISITOR_COOKIE });
  }
}
