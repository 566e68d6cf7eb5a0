// Sessions = refresh-token families. Every refresh rotates the token; presenting a token that was
// already rotated means it leaked (or a race with a thief): the whole family is revoked.
import type { Query } from '../../db/query';
import { randomToken, sha256 } from './tokens';

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
  expiresAt: Date;
}

export type RotateResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string; expiresAt: Date }
  | { ok: false; reason: 'UNKNOWN' | 'EXPIRED' | 'REVOKED' | 'REUSED' };

export function createSessionStore(q: Query, refreshTtlSeconds: number) {
  async function insertToken(sessionId: string, now: Date, expiresAt: Date): Promise<string> {
    const refreshToken = randomToken();
    await q(`INSERT INTO refresh_tokens (session_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
      sessionId,
      sha256(refreshToken),
      now,
      expiresAt,
    ]);
    return refreshToken;
  }

  async function revoke(sessionId: string, reason: string, now: Date): Promise<void> {
    await q(`UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, now, reason]);
  }

  return {
    async open(userId: number, browserFingerprint: string | null, now: Date): Promise<IssuedSession> {
      const sessionId = randomToken();
      const expiresAt = new Date(now.getTime() + refreshTtlSeconds * 1000);
      // The sign-in is the session's first proof of the credentials (authenticated_at, the step-up clock).
      await q(`INSERT INTO sessions (id, user_id, browser_fingerprint, created_at, expires_at, authenticated_at) VALUES ($1, $2, $3, $4, $5, $4)`, [
        sessionId,
        userId,
        browserFingerprint,
        now,
        expiresAt,
      ]);
      return { sessionId, refreshToken: await insertToken(sessionId, now, expiresAt), expiresAt };
    },

    async rotate(refreshToken: string, now: Date): Promise<RotateResult> {
      const [row] = await q<{
        id: number | string;
        session_id: string;
        user_id: number | string;
        expires_at: Date;
        rotated_at: Date | null;
        revoked_at: Date | null;
        session_expires_at: Date;
      }>(
        `SELECT t.id, t.session_id, s.user_id, t.expires_at, t.rotated_at, s.revoked_at, s.expires_at AS session_expires_at
         FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1`,
        [sha256(refreshToken)],
      );
      if (!row) return { ok: false, reason: 'UNKNOWN' };
      if (row.revoked_at) return { ok: false, reason: 'REVOKED' };
      if (row.rotated_at) {
        await revoke(row.session_id, 'refresh token reused', now);
        return { ok: false, reason: 'REUSED' };
      }
      if (new Date(row.expires_at) <= now || new Date(row.session_expires_at) <= now) return { ok: false, reason: 'EXPIRED' };
      // Conditional update: of two requests racing with the same token only one rotates it; the other is a reuse.
      const won = await q(`UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1 AND rotated_at IS NULL RETURNING id`, [row.id, now]);
      if (won.length !== 1) {
        await revoke(row.session_id, 'refresh token reused', now);
        return { ok: false, reason: 'REUSED' };
      }
      const expiresAt = new Date(row.session_expires_at);
      return { ok: true, userId: Number(row.user_id), sessionId: row.session_id, refreshToken: await insertToken(row.session_id, now, expiresAt), expiresAt };
    },

    /** The session a refresh token belongs to (any state), for logout. */
    async sessionOf(refreshToken: string): Promise<string | null> {
      const [row] = await q<{ session_id: string }>(`SELECT session_id FROM refresh_tokens WHERE token_hash = $1`, [sha256(refreshToken)]);
      return row?.session_id ?? null;
    },

    revoke,

    /** A step-up: the password (and the two-factor code) were proven again on this live session. */
    async steppedUp(sessionId: string, now: Date): Promise<boolean> {
      const rows = await q(`UPDATE sessions SET authenticated_at = $2 WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING id`, [sessionId, now]);
      return rows.length === 1;
    },

    async revokeAll(userId: number, reason: string, now: Date): Promise<void> {
      await q(`UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, now, reason]);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
