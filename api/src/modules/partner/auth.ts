// Authentication of the partner API (routes whose route-table auth is 'partner'): the `x-api-key` header is the key's
// secret, looked up by its SHA-256. Unknown → 401; deactivated, suspended by a password reset, its owner's email not
// confirmed (ERR_EMAIL_NOT_CONFIRMED) or called from outside the key's allow-list → 403; all of it, and the per-key
// rate limit, before the body is read (onRequest), so a refused body answers with the key's headers too (issue 29).
// Request signatures (issue 24, keys/signature.ts): x-signature = hex HMAC-SHA256(the key's signing secret, METHOD \n
// PATH_AND_QUERY \n x-timestamp \n x-nonce \n raw body), x-timestamp within ±300 s, x-nonce accepted once per key in
// that window (in the database: every replica sees it). A wrong, stale or replayed signature → 401; so is an unsigned
// call with a key set to require signatures (preHandler, once the raw body is read).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, PARTNER_ERROR_MESSAGES as MSG } from 'shared-contracts/server';
import type { SecretBox } from '../../lib/secretBox';
import {
  allowListPermits,
  type ApiKeyAuthRow,
  type ApiKeyRepo,
  type ApiKeyRow,
  NONCE_PATTERN,
  type NonceStore,
  requestSignature,
  sameHex,
  sha256Hex,
  SIGNATURE_HEADERS,
  SIGNATURE_TOLERANCE_SECONDS,
} from '../keys';
import type { PartnerRateLimiter } from '../../limits';

const API_KEY_HEADER = 'x-api-key';
const TOUCH_EVERY_MS = 60_000;
/** A nonce is kept a little past its window, for clocks of replicas that differ slightly. */
const NONCE_SLACK_SECONDS = 60;

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

const refused = (why: string) => ApiError.of('ERR_UNAUTHORIZED', `Signature refused: ${why}`);

export function partnerKeyOf(request: FastifyRequest): PartnerKey {
  if (!request.partnerKey) throw ApiError.of('ERR_UNAUTHORIZED', MSG.keyRequired);
  return request.partnerKey;
}

export function createPartnerAuthenticator(deps: {
  keys: ApiKeyRepo;
  nonces: NonceStore;
  secrets: SecretBox;
  limiter: PartnerRateLimiter;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const touchedAt = new Map<string, number>();

  async function checkSignature(request: FastifyRequest, key: ApiKeyAuthRow): Promise<void> {
    const signature = header(request, SIGNATURE_HEADERS.signature);
    if (signature === undefined) {
      if (key.signatureRequired) throw ApiError.of('ERR_UNAUTHORIZED', MSG.signatureRequired);
      return;
    }
    if (key.signingSecret === null) throw refused('this key was made before request signatures and has no signing secret; create a new key to sign');
    const timestamp = header(request, SIGNATURE_HEADERS.timestamp) ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
      throw refused(`x-timestamp must be the current unix time (±${SIGNATURE_TOLERANCE_SECONDS} s)`);
    }
    const nonce = header(request, SIGNATURE_HEADERS.nonce) ?? '';
    if (!NONCE_PATTERN.test(nonce)) throw refused('x-nonce must be 16 to 64 characters of A-Z, a-z, 0-9, _ and -, new for every request');
    const expected = requestSignature(deps.secrets.open(key.signingSecret), {
      method: request.method,
      pathAndQuery: request.url,
      timestamp,
      nonce,
      body: request.rawBody ?? '',
    });
    if (!sameHex(signature.trim().toLowerCase(), expected)) throw refused('x-signature does not match the method, path, query, timestamp, nonce and body');
    const expiresAt = new Date((Number(timestamp) + SIGNATURE_TOLERANCE_SECONDS + NONCE_SLACK_SECONDS) * 1000);
    if (!(await deps.nonces.claim(key.apiId, nonce, expiresAt, new Date(now())))) throw refused('this x-nonce was already used (a replayed request)');
  }

  /** last_used_at at most once a minute per key (and replica); a failed update never fails the call. */
  async function touch(key: ApiKeyRow): Promise<void> {
    const last = touchedAt.get(key.id) ?? 0;
    if (now() - last < TOUCH_EVERY_MS) return;
    touchedAt.set(key.id, now());
    if (touchedAt.size > 10_000) touchedAt.clear();
    await deps.keys.touch(key.id).catch(() => undefined);
  }

  /**
   * onRequest, before the body is read (issue 29): every answer of a partner route, a refused body (415, 400, 413)
   * included, is no-store, and every answer to a valid key carries its RateLimit-* headers.
   */
  async function identifyPartner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    // Nothing a partner receives may be cached by a proxy.
    reply.header('cache-control', 'no-store');
    const secret = header(request, API_KEY_HEADER)?.trim();
    if (!secret) throw ApiError.of('ERR_UNAUTHORIZED', MSG.keyRequired);
    const key = secret.length <= 128 ? await deps.keys.bySecretHash(sha256Hex(secret)) : null;
    if (!key) throw ApiError.of('ERR_UNAUTHORIZED', MSG.keyUnknown);
    if (!key.isActive) throw ApiError.of('ERR_FORBIDDEN', MSG.keyDeactivated);
    if (key.suspendedAt) throw ApiError.of('ERR_FORBIDDEN', MSG.keySuspended);
    if (!key.ownerEmailConfirmed) throw ApiError.of('ERR_EMAIL_NOT_CONFIRMED', MSG.keyOwnerUnconfirmed);
    if (!allowListPermits(key.whiteListIp, request.ip)) throw ApiError.of('ERR_FORBIDDEN', MSG.keyAddressRefused);
    await deps.limiter.consume(key.apiId, reply);
    identified.set(request, key);
  }

  const identified = new WeakMap<FastifyRequest, ApiKeyAuthRow>();

  /** preHandler, once the raw body is read: the request signature, then the key is the request's. */
  async function verifyPartner(request: FastifyRequest): Promise<void> {
    const key = identified.get(request);
    if (!key) throw ApiError.of('ERR_UNAUTHORIZED', MSG.keyRequired);
    await checkSignature(request, key);
    await touch(key);
    request.partnerKey = { id: key.id, apiId: key.apiId, userId: key.userId };
  }

  return { identifyPartner, verifyPartner };
}
