// SQL of accounts, password reset codes (tables of migration 0003) and email confirmation codes (0004). Raw SQL, identical on PGlite and
// PostgreSQL; ids are normalised to numbers (pg returns int8 as a string, PGlite as a number).
import type { Query } from '../../db/query';

export type Permissions = 'USER' | 'ADMIN';
export type Locale = 'en' | 'ru';

export interface UserRecord {
  userId: number;
  email: string;
  passwordHash: string;
  permissions: Permissions;
  adminPermissionsScope: Record<string, unknown>;
  locale: Locale;
  /** Set when a code mailed to the address was confirmed (email_confirmations, migration 0004). */
  emailConfirmedAt: Date | null;
  /** Two-factor authentication (TOTP) is on (migration 0022). */
  twoFactorEnabled: boolean;
}

interface UserRow {
  id: number | string;
  email: string;
  password_hash: string;
  permissions: Permissions;
  admin_permissions_scope: Record<string, unknown> | string | null;
  locale: Locale;
  email_confirmed_at: Date | string | null;
  two_factor_enabled_at: Date | string | null;
}

const USER_COLUMNS = 'u.id, u.email, u.password_hash, u.permissions, u.admin_permissions_scope, u.locale, u.email_confirmed_at, u.two_factor_enabled_at';

function toUser(r: UserRow): UserRecord {
  const scope = typeof r.admin_permissions_scope === 'string' ? JSON.parse(r.admin_permissions_scope) : r.admin_permissions_scope;
  return {
    userId: Number(r.id),
    email: r.email,
    passwordHash: r.password_hash,
    permissions: r.permissions,
    adminPermissionsScope: scope ?? {},
    locale: r.locale,
    emailConfirmedAt: r.email_confirmed_at ? new Date(r.email_confirmed_at) : null,
    twoFactorEnabled: r.two_factor_enabled_at !== null && r.two_factor_enabled_at !== undefined,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  passwordHash: string;
  locale: Locale;
  browserFingerprint?: string;
  referrerAffiliateId?: string;
  permissions?: Permissions;
}

export function createUserRepo(q: Query) {
  return {
    async findByEmail(email: string): Promise<UserRecord | null> {
      const [row] = await q<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [normalizeEmail(email)]);
      return row ? toUser(row) : null;
    },

    /** Null when the email is already registered (the unique index decides, so two racing sign-ups cannot both win). */
    async insert(u: NewUser): Promise<UserRecord | null> {
      const [row] = await q<UserRow>(
        `INSERT INTO users AS u (email, password_hash, locale, browser_fingerprint, referrer_affiliate_id, permissions)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email) DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [normalizeEmail(u.email), u.passwordHash, u.locale, u.browserFingerprint ?? null, u.referrerAffiliateId ?? null, u.permissions ?? 'USER'],
      );
      return row ? toUser(row) : null;
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await q(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, passwordHash]);
    },

    async findById(userId: number): Promise<UserRecord | null> {
      const [row] = await q<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
      return row ? toUser(row) : null;
    },

    async setPermissions(userId: number, permissions: Permissions): Promise<void> {
      await q(`UPDATE users SET permissions = $2, updated_at = now() WHERE id = $1`, [userId, permissions]);
    },

    /** The user of a live session (not revoked, not expired) with the session's last sign-in or step-up, or null. */
    async findBySession(sessionId: string, userId: number, now: Date): Promise<(UserRecord & { authenticatedAt: Date }) | null> {
      const [row] = await q<UserRow & { authenticated_at: Date | string }>(
        `SELECT ${USER_COLUMNS}, s.authenticated_at FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`,
        [sessionId, userId, now],
      );
      return row ? { ...toUser(row), authenticatedAt: new Date(row.authenticated_at) } : null;
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;

export interface ResetCodeRecord {
  id: number;
  codeHash: string;
  attempts: number;
}

export function createResetCodeRepo(q: Query) {
  return {
    /** Issues a code, retiring every earlier one of the user. */
    async issue(userId: number, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
      await q(`UPDATE password_reset_codes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, now]);
      await q(`INSERT INTO password_reset_codes (user_id, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [userId, codeHash, now, expiresAt]);
    },

    /**
     * Counts one attempt on the user's live code and returns it, or null when there is none or it has used its
     * attempts. The count is taken before the code is compared, in one conditional UPDATE, so parallel guesses
     * cannot evaluate more than `maxAttempts` (issue 24).
     */
    async claimAttempt(userId: number, now: Date, maxAttempts: number): Promise<ResetCodeRecord | null> {
      const [row] = await q<{ id: number | string; code_hash: string; attempts: number }>(
        `UPDATE password_reset_codes SET attempts = attempts + 1
         WHERE id = (SELECT id FROM password_reset_codes WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY id DESC LIMIT 1)
           AND used_at IS NULL AND attempts < $3
         RETURNING id, code_hash, attempts`,
        [userId, now, maxAttempts],
      );
      return row ? { id: Number(row.id), codeHash: row.code_hash, attempts: Number(row.attempts) } : null;
    },

    /** Marks the code used; false when another request used it first (single use). */
    async consume(id: number, now: Date): Promise<boolean> {
      const rows = await q(`UPDATE password_reset_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id`, [id, now]);
      return rows.length === 1;
    },
  };
}
export type ResetCodeRepo = ReturnType<typeof createResetCodeRepo>;

export interface EmailConfirmationRecord {
  id: number;
  codeHash: string;
}

export function createEmailConfirmationRepo(q: Query) {
  return {
    /** Issues a code for an address, dropping its earlier unconfirmed ones (only the latest mail counts). */
    async issue(email: string, codeHash: string, now: Date, expiresAt: Date): Promise<void> {
      const address = normalizeEmail(email);
      await q(`DELETE FROM email_confirmations WHERE email = $1 AND confirmed_at IS NULL`, [address]);
      await q(`INSERT INTO email_confirmations (email, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [address, codeHash, now, expiresAt]);
    },

    /** Counts one attempt on the address's live code and returns it (null: none, or out of attempts); see claimAttempt above. */
    async claimAttempt(email: string, now: Date, maxAttempts: number): Promise<EmailConfirmationRecord | null> {
      const [row] = await q<{ id: number | string; code_hash: string }>(
        `UPDATE email_confirmations SET attempts = attempts + 1
         WHERE id = (SELECT id FROM email_confirmations WHERE email = $1 AND confirmed_at IS NULL AND expires_at > $2 ORDER BY id DESC LIMIT 1)
           AND confirmed_at IS NULL AND attempts < $3
         RETURNING id, code_hash`,
        [normalizeEmail(email), now, maxAttempts],
      );
      return row ? { id: Number(row.id), codeHash: row.code_hash } : null;
    },

    /**
     * Marks the code confirmed (false when another request used it first: single use) and, when `accountUserId` is
     * given (the confirmation was made in that account's session, issue 24), that account of the address as having a
     * confirmed email.
     */
    async confirm(id: number, now: Date, accountUserId: number | null): Promise<boolean> {
      const rows = await q<{ email: string }>(`UPDATE email_confirmations SET confirmed_at = $2 WHERE id = $1 AND confirmed_at IS NULL RETURNING email`, [
        id,
        now,
      ]);
      if (rows.length !== 1) return false;
      if (accountUserId === null) return true;
      await q(`UPDATE users SET email_confirmed_at = $2, updated_at = now() WHERE email = $1 AND id = $3 AND email_confirmed_at IS NULL`, [
        rows[0].email,
        now,
        accountUserId,
      ]);
      return true;
    },
  };
}
export type EmailConfirmationRepo = ReturnType<typeof createEmailConfirmationRepo>;
