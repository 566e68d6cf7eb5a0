// Sandbox powers (the mail outbox, fake deposits) answer only the machine itself or an operator holding
// SANDBOX_TOKEN (issue 7, DESIGN.md "never open to the public"). "The machine itself" is request.ip after
// proxy trust: a visitor coming through web carries web's X-Forwarded-For with their own address, so only
// a browser or script on this machine is local. Refused with 403 ERR_FORBIDDEN rather than a disguised 404:
// the sandbox is no secret (the footer and /api/v1/health announce it) and an operator should see why.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ApiError } from 'shared-contracts/server';

export const SANDBOX_TOKEN_HEADER = 'x-sandbox-token';

function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  return ip === '::1';
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Constant-time comparison: both sides hashed to equal length first. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function createSandboxGuard(sandboxToken: string | undefined) {
  return async function sandboxGuard(request: FastifyRequest): Promise<void> {
    if (isLoopback(request.ip)) return;
    const given = request.headers[SANDBOX_TOKEN_HEADER];
    if (sandboxToken && typeof given === 'string' && sameToken(given, sandboxToken)) return;
    throw ApiError.of('ERR_FORBIDDEN', `Sandbox endpoints answer only callers on the api's machine or with the operator token (${SANDBOX_TOKEN_HEADER})`);
  };
}
