// Issue 24: a password reset suspends every API key and webhook of the account (whoever had the old password may
// have made them); the owner resumes each key after signing in (resume-api-key), which resumes the webhooks
// registered with it. A suspended key is refused at use (partner/auth.ts); a suspended webhook gets no deliveries.
import type { Query } from '../../db/query';

/**
 * Suspends the account's live keys and webhooks; `q` may be the caller's transaction. Idempotent: an already
 * suspended key keeps its first suspension time. Returns how many were suspended now.
 */
export async function suspendApiKeysAndWebhooksOf(q: Query, userId: number): Promise<{ keys: number; webhooks: number }> {
  const keys = await q('UPDATE api_keys SET suspended_at = now() WHERE user_id = $1 AND deleted_at IS NULL AND suspended_at IS NULL RETURNING id', [userId]);
  const webhooks = await q('UPDATE webhooks SET suspended_at = now() WHERE user_id = $1 AND deleted_at IS NULL AND suspended_at IS NULL RETURNING id', [
    userId,
  ]);
  return { keys: keys.length, webhooks: webhooks.length };
}
