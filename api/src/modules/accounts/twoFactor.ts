// Two-factor authentication (issue 24): TOTP (RFC 6238: SHA-1, 6 digits, 30 s steps, the authenticator apps'
// default) through otpauth, asked at sign-in and at step-up once enabled. The secret is sealed at rest with the data
// encryption key (lib/secretBox.ts). A code is accepted once: the time step of the last accepted code is stored and
// only a later step passes (one conditional UPDATE, so two racing requests with the same code cannot both pass).
// Ten one-time recovery codes are shown once at enable and stored as keyed hashes; each works once.
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { ApiError } from 'shared-contracts/server';
import type { SecretBox } from '../../lib/secretBox';
import type { Query } from '../../db/query';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Coinferry';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either side (RFC 6238 §5.2 recommends at most one). */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 10 characters of an alphabet without look-alikes (0/O, 1/I/L), shown as `xxxxx-xxxxx` (~50 bits). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const invalidTwoFactorCode = () =>
  ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'The two-factor code is wrong, expired or already used', {
    fields: { twoFactorCode: 'The code is wrong, expired or already used' },
  });
export const twoFactorRequired = () => ApiError.of('ERR_TWO_FACTOR_REQUIRED', 'Enter the code of your authenticator app (or a recovery code)');

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

const TOTP_CODE = new RegExp(`^\\d{${DIGITS}}$`);

/**
 * The time step at which `code` is a TOTP of the secret at `now` (within the window), or null. Only digits reach
 * otpauth: it compares with crypto.timingSafeEqual, which throws on a token as long as a code in characters but not in
 * bytes (six non-ASCII characters: a 500, found by the routes' fuzz test).
 */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  if (!TOTP_CODE.test(code)) return null;
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as typed (any case, spaces or dashes anywhere) to its stored form. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export interface TwoFactorDeps {
  q: Query;
  box: SecretBox;
  /** Keyed hash of a recovery code (tokens.codeHash). */
  hash(code: string): string;
}

export function createTwoFactor({ q, box, hash }: TwoFactorDeps) {
  /** Whether `code` is a TOTP of `secret` at `now` in a step after the last accepted one; advances that step. */
  async function acceptTotp(userId: number, secretBase32: string, code: string, now: Date): Promise<boolean> {
    const step = matchingStep(secretBase32, code, now);
    if (step === null) return false;
    const won = await q(
      `UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id`,
      [userId, step],
    );
    return won.length === 1;
  }

  async function redeemRecoveryCode(userId: number, code: string, now: Date): Promise<boolean> {
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== 10) return false;
    const used = await q(
      `UPDATE two_factor_recovery_codes SET used_at = $3 WHERE id = (
         SELECT id FROM two_factor_recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1
       ) AND used_at IS NULL RETURNING id`,
      [userId, hash(normalised), now],
    );
    return used.length === 1;
  }

  async function stateOf(userId: number) {
    const [row] = await q<{ two_factor_secret: string | null; two_factor_pending_secret: string | null; two_factor_enabled_at: Date | null }>(
      `SELECT two_factor_secret, two_factor_pending_secret, two_factor_enabled_at FROM users WHERE id = $1`,
      [userId],
    );
    return row;
  }

  return {
    /** A new secret for the account, kept pending until enable() sees a code of it. */
    async setup(userId: number, email: string): Promise<{ secret: string; otpauthUri: string }> {
      const state = await stateOf(userId);
      if (!state) throw ApiError.of('ERR_NOT_FOUND', 'No such account');
      if (state.two_factor_enabled_at) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Two-factor authentication is already on');
      const secret = new Secret({ size: 20 }).base32;
      await q(`UPDATE users SET two_factor_pending_secret = $2, updated_at = now() WHERE id = $1`, [userId, box.seal(secret)]);
      return { secret, otpauthUri: totpOf(secret, email).toString() };
    },

    /** Turns 2FA on when `code` belongs to the pending secret; answers the recovery codes (only now, in clear). */
    async enable(userId: number, code: string, now: Date): Promise<{ recoveryCodes: string[] }> {
      const state = await stateOf(userId);
      if (!state || state.two_factor_enabled_at) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Two-factor authentication is already on');
      if (!state.two_factor_pending_secret) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Start the setup first');
      const step = matchingStep(box.open(state.two_factor_pending_secret), code.trim(), now);
      if (step === null) throw invalidTwoFactorCode();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      // Conditional on the same pending secret and 2FA still off: of two racing enables only one wins.
      const won = await q(
        `UPDATE users SET two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = NULL, two_factor_enabled_at = $3,
           two_factor_last_step = $4, updated_at = now()
         WHERE id = $1 AND two_factor_pending_secret = $2 AND two_factor_enabled_at IS NULL RETURNING id`,
        [userId, state.two_factor_pending_secret, now, step],
      );
      if (won.length !== 1) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', 'Two-factor authentication is already on');
      await q(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
      for (const rc of recoveryCodes) {
        await q(`INSERT INTO two_factor_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)`, [userId, hash(normaliseRecoveryCode(rc)), now]);
      }
      return { recoveryCodes };
    },

    /**
     * Whether `code` (an authenticator code or an unused recovery code) is valid for the account now. Uses it up:
     * the same authenticator code (or an earlier one) and the same recovery code are refused afterwards.
     */
    async verify(userId: number, code: string, now: Date): Promise<boolean> {
      const state = await stateOf(userId);
      if (!state?.two_factor_enabled_at || !state.two_factor_secret) return false;
      const trimmed = code.trim();
      if (TOTP_CODE.test(trimmed)) return acceptTotp(userId, box.open(state.two_factor_secret), trimmed, now);
      return redeemRecoveryCode(userId, trimmed, now);
    },

    /** Turns 2FA off (the caller has verified a code): the secret and the recovery codes are dropped. */
    async disable(userId: number): Promise<void> {
      await q(
        `UPDATE users SET two_factor_secret = NULL, two_factor_pending_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL,
           updated_at = now() WHERE id = $1`,
        [userId],
      );
      await q(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
    },
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
