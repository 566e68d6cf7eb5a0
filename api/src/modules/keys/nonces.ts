// Nonces of signed partner requests (issue 24), in the database so that every api replica sees them: a nonce is taken
// once per key; its row expires when its request's timestamp leaves the window (and is deleted some time after).
import type { Query } from '../../db/query';

const SWEEP_EVERY_MS = 60_000;

export interface NonceStore {
  /** True the first time (key, nonce) is claimed before `expiresAt`; false for a replay. Atomic across replicas. */
  claim(apiId: string, nonce: string, expiresAt: Date, now: Date): Promise<boolean>;
}

export function createNonceStore(q: Query): NonceStore {
  let sweptAt = 0;
  return {
    async claim(apiId, nonce, expiresAt, now) {
      // An expired row of the same nonce (not swept yet) is taken over: its request can no longer be accepted anyway.
      const rows = await q(
        `INSERT INTO api_request_nonces (api_id, nonce, expires_at) VALUES ($1, $2, $3::timestamptz)
         ON CONFLICT (api_id, nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE api_request_nonces.expires_at < $4::timestamptz
         RETURNING 1 AS taken`,
        [apiId, nonce, expiresAt.toISOString(), now.toISOString()],
      );
      if (now.getTime() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = now.getTime();
        await q('DELETE FROM api_request_nonces WHERE expires_at < $1::timestamptz', [now.toISOString()]).catch(() => undefined);
      }
      return rows.length > 0;
    },
  };
}
