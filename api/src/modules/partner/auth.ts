// Authentication of the partner API (routes whose route-table auth is 'partner'): the `x-api-key` header is the key's
// secret, looked up by its SHA-256. Unknown → 401; deactivated or called from outside the key's allow-list → 403.
// Optional body signature: `x-signature` = hex HMAC-SHA256(key secret, `${x-timestamp}.${raw body}`), x-timestamp in
// unix seconds within ±300 s; a wrong or stale signature → 401. Then the per-key rate limit (rateLimit.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from 'shared-contracts/server';
import { allowListPermits } from '../keys/allowList';
import type { ApiKeyRepo, ApiKeyRow } from '../keys/repo';
import { sameHex, sha256Hex } from '../keys/secrets';
import { hmacHex } from '../webhooks/signing';
import type { PartnerRateLimiter } from './rateLimit';

const PARTNER_HEADERS = { apiKey: 'x-api-key', signature: 'x-signature', timestamp: 'x-timestamp' } as const;
const SIGNATURE_TOLERANCE_SECONDS = 300;
const TOUCH_EVERY_MS = 60_000;

export interface PartnerKey {
  id: string;
  apiId: string;
  /** The key's owner: the account the partner's orders, webhooks and commission belong to. */
  userId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a partner call (set by the partner module's authentication). */
    partnerKey: PartnerKey | null;
    /** The raw JSON body of a partner call, for its signature. */
    rawBody?: string;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
};

export function partnerKeyOf(request: FastifyRequest): PartnerKey {
  if (!request.partnerKey) throw ApiError.of('ERR_UNAUTHORIZED', 'API key required (x-api-key header)');
  return request.partnerKey;
}

export function createPartnerAuthenticator(deps: { keys: ApiKeyRepo; limiter: PartnerRateLimiter; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const touchedAt = new Map<string, number>();

  function checkSignature(request: FastifyRequest, secret: string): void {
    const signature = header(request, PARTNER_HEADERS.signature);
    if (signature === undefined) return;
    const timestamp = header(request, PARTNER_HEADERS.timestamp) ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
      throw ApiError.of('ERR_UNAUTHORIZED', `Signature refused: x-timestamp must be the current unix time (±${SIGNATURE_TOLERANCE_SECONDS} s)`);
    }
    if (!sameHex(signature.trim().toLowerCase(), hmacHex(secret, `${timestamp}.${request.rawBody ?? ''}`))) {
      throw ApiError.of('ERR_UNAUTHORIZED', 'Signature refused: x-signature does not match the body');
    }
  }

  /** last_used_at at most once a minute per key (and replica); a failed update never fails the call. */
  async function touch(key: ApiKeyRow): Promise<void> {
    const last = touchedAt.get(key.id) ?? 0;
    if (now() - last < TOUCH_EVERY_MS) return;
    touchedAt.set(key.id, now());
    if (touchedAt.size > 10_000) touchedAt.clear();
    await deps.keys.touch(key.id).catch(() => undefined);
  }

  return async function authenticatePartner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Nothing a partner receives may be cached by a proxy.
    reply.header('cache-control', 'no-store');
    const secret = header(request, PARTNER_HEADERS.apiKey)?.trim();
    if (!secret) throw ApiError.of('ERR_UNAUTHORIZED', 'API key required (x-api-key header)');
    const key = secret.length <= 128 ? await deps.keys.bySecretHash(sha256Hex(secret)) : null;
    if (!key) throw ApiError.of('ERR_UNAUTHORIZED', 'Unknown API key');
    if (!key.isActive) throw ApiError.of('ERR_FORBIDDEN', 'API key is deactivated');
    if (!allowListPermits(key.whiteListIp, request.ip)) throw ApiError.of('ERR_FORBIDDEN', 'API key is not allowed from this address');
    checkSignature(request, secret);
    await deps.limiter.consume(key.apiId, reply);
    await touch(key);
    request.partnerKey = { id: key.id, apiId: key.apiId, userId: key.userId };
  };
}
