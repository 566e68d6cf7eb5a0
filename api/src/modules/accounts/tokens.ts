// Access tokens (JWT HS256 via jose, algorithm allow-listed), opaque refresh tokens, keyed code hashes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'exchange-api';
const AUDIENCE = 'exchange-web';

interface AccessClaims {
  userId: number;
  sessionId: string;
}

type AccessVerdict = { ok: true; claims: AccessClaims } | { ok: false; reason: 'TOKEN_EXPIRED' | 'INVALID_TOKEN' };

export interface TokenService {
  signAccess(claims: AccessClaims, nowMs: number): Promise<string>;
  verifyAccess(token: string, nowMs: number): Promise<AccessVerdict>;
  /** HMAC of a short secret (reset code) under a key derived from the master secret. */
  codeHash(code: string): string;
  codeHashEquals(a: string, b: string): boolean;
}

/** Derives independent keys from the one configured secret. */
function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`exchange-site:${label}`).digest();
}

export function createTokenService(secret: string, accessTtlSeconds: number): TokenService {
  const jwtKey = new Uint8Array(deriveKey(secret, 'access-token'));
  const codeKey = deriveKey(secret, 'password-reset-code');
  return {
    async signAccess({ userId, sessionId }, nowMs) {
      const iat = Math.floor(nowMs / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + accessTtlSeconds)
        .sign(jwtKey);
    },
    async verifyAccess(token, nowMs) {
      try {
        const { payload } = await jwtVerify(token, jwtKey, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(nowMs),
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return { ok: false, reason: 'INVALID_TOKEN' };
        return { ok: true, claims: { userId, sessionId: payload.sid } };
      } catch (err) {
        return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN' };
      }
    },
    codeHash: (code) => createHmac('sha256', codeKey).update(code).digest('hex'),
    codeHashEquals: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
  };
}

/** 256 random bits, base64url: a refresh token or a session id. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens carry 256 bits of entropy, so a plain SHA-256 is enough to store them. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
