// SQL of api_keys (migrations 0010, 0023), raw and identical on PGlite and PostgreSQL.
import type { Query } from '../../db/query';

export interface ApiKeyRow {
  id: string;
  apiId: string;
  userId: number;
  name: string;
  prefix: string;
  whiteListIp: string[];
  isActive: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Sealed (lib/secretBox); null for keys made before request signatures (issue 24): they cannot sign. */
  signingSecret: string | null;
  signatureRequired: boolean;
  /** Set by a password reset until the owner resumes the key. */
  suspendedAt: Date | null;
}

/** A key as the partner API authenticates it: with whether its owner's email is confirmed. */
export interface ApiKeyAuthRow extends ApiKeyRow {
  ownerEmailConfirmed: boolean;
}

const COLUMNS = `api_keys.id::text AS id, api_id AS "apiId", user_id::int AS "userId", name, prefix, white_list_ip AS "whiteListIp",
  is_active AS "isActive", api_keys.created_at AS "createdAt", last_used_at AS "lastUsedAt", signing_secret AS "signingSecret",
  signature_required AS "signatureRequired", suspended_at AS "suspendedAt"`;

const jsonList = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? JSON.parse(v) : []) as string[];
const toRow = (r: ApiKeyRow): ApiKeyRow => ({
  ...r,
  userId: Number(r.userId),
  whiteListIp: jsonList(r.whiteListIp),
  createdAt: new Date(r.createdAt),
  lastUsedAt: r.lastUsedAt ? new Date(r.lastUsedAt) : null,
  signatureRequired: Boolean(r.signatureRequired),
  suspendedAt: r.suspendedAt ? new Date(r.suspendedAt) : null,
});

export function createApiKeyRepo(q: Query) {
  return {
    async countLive(userId: number): Promise<number> {
      const [r] = await q<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL', [userId]);
      return Number(r?.n ?? 0);
    },
    /** `signingSecret`: sealed. */
    async insert(k: { apiId: string; userId: number; name: string; secretHash: string; prefix: string; signingSecret: string }): Promise<ApiKeyRow> {
      const [r] = await q<ApiKeyRow>(
        `INSERT INTO api_keys (api_id, user_id, name, secret_hash, prefix, signing_secret) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
        [k.apiId, k.userId, k.name, k.secretHash, k.prefix, k.signingSecret],
      );
      return toRow(r);
    },
    async byApiId(userId: number, apiId: string): Promise<ApiKeyRow | null> {
      const [r] = await q<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE api_id = $2 AND user_id = $1 AND deleted_at IS NULL`, [userId, apiId]);
      return r ? toRow(r) : null;
    },
    async list(userId: number): Promise<ApiKeyRow[]> {
      const rows = await q<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL ORDER BY api_keys.created_at, api_keys.id`, [
        userId,
      ]);
      return rows.map(toRow);
    },
    /** Null when the key is not this account's (or deleted): others' keys are never revealed. */
    /** `signatureRequired` undefined: unchanged. */
    async update(
      userId: number,
      k: { apiId: string; name: string; whiteListIp: string[]; isActive: boolean; signatureRequired?: boolean },
    ): Promise<ApiKeyRow | null> {
      const [r] = await q<ApiKeyRow>(
        `UPDATE api_keys SET name = $3, white_list_ip = $4::jsonb, is_active = $5, signature_required = coalesce($6::boolean, signature_required)
          WHERE api_id = $2 AND user_id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        [userId, k.apiId, k.name, JSON.stringify(k.whiteListIp), k.isActive, k.signatureRequired ?? null],
      );
      return r ? toRow(r) : null;
    },
    /** Resumes a key a password reset suspended, and the webhooks registered with it (or before keys were recorded). */
    async resume(userId: number, apiId: string): Promise<boolean> {
      const rows = await q('UPDATE api_keys SET suspended_at = NULL WHERE api_id = $2 AND user_id = $1 AND deleted_at IS NULL RETURNING id', [userId, apiId]);
      if (!rows.length) return false;
      await q(
        `UPDATE webhooks SET suspended_at = NULL
          WHERE user_id = $1 AND deleted_at IS NULL AND suspended_at IS NOT NULL AND (api_key_id = $2 OR api_key_id IS NULL)`,
        [userId, apiId],
      );
      return true;
    },
    async remove(userId: number, apiId: string): Promise<boolean> {
      const rows = await q('UPDATE api_keys SET deleted_at = now(), is_active = false WHERE api_id = $2 AND user_id = $1 AND deleted_at IS NULL RETURNING id', [
        userId,
        apiId,
      ]);
      return rows.length > 0;
    },
    /** The live key with this secret hash (partner authentication). */
    async bySecretHash(secretHash: string): Promise<ApiKeyAuthRow | null> {
      const [r] = await q<ApiKeyAuthRow>(
        `SELECT ${COLUMNS}, (u.email_confirmed_at IS NOT NULL) AS "ownerEmailConfirmed"
           FROM api_keys JOIN users u ON u.id = api_keys.user_id WHERE secret_hash = $1 AND api_keys.deleted_at IS NULL`,
        [secretHash],
      );
      return r ? { ...toRow(r), ownerEmailConfirmed: Boolean(r.ownerEmailConfirmed) } : null;
    },
    async touch(id: string): Promise<void> {
      await q("UPDATE api_keys SET last_used_at = now() WHERE id = $1::bigint AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')", [id]);
    },
  };
}
export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;
