// Issue 24: the privacy policy (content/legal/privacy) keeps analytics events 13 months; this pass deletes the older
// ones. Every replica runs it hourly: a DELETE of rows already gone is a no-op, so replicas need no coordination.
// Batches keep each statement short on a large table (received_at is indexed, 0024).
import type { DbHandle } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 5_000;

/** Deletes the events received more than `retentionDays` before `now`; returns how many. */
export async function analyticsRetentionPass(db: DbHandle, retentionDays: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (;;) {
    const rows = await db.withSession((s) =>
      s.query<{ id: string }>(
        `DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE received_at < $1::timestamptz LIMIT ${BATCH}) RETURNING id`,
        [before],
      ),
    );
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
