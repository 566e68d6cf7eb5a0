// Issue 29: the durations the estimates are measured from: recent completed orders, deposit seen (deposit_at) to
// payout sent (completed_at), the newest `perNetwork` of each send network. One query per refresh, never per quote.
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, orders } from '../../db/schema';

interface MeasuredDuration {
  networkTitle: string;
  seconds: number;
}

export function createEstimatesRepo(db: Db) {
  return {
    async recentDurations(since: Date, perNetwork: number): Promise<MeasuredDuration[]> {
      const ranked = db
        .select({
          networkTitle: instruments.networkTitle,
          seconds: sql<string>`extract(epoch from (${orders.completedAt} - ${orders.depositAt}))::text`.as('seconds'),
          rank: sql<number>`row_number() over (partition by ${instruments.networkTitle} order by ${orders.completedAt} desc)`.as('rank'),
        })
        .from(orders)
        .innerJoin(instruments, eq(instruments.slug, orders.fromSlug))
        .where(and(eq(orders.status, 'COMPLETED'), gte(orders.completedAt, since), isNotNull(orders.depositAt)))
        .as('ranked');
      const rows = await db.select({ networkTitle: ranked.networkTitle, seconds: ranked.seconds }).from(ranked).where(lte(ranked.rank, perNetwork));
      return rows.map((r) => ({ networkTitle: r.networkTitle, seconds: Math.max(0, Number(r.seconds)) }));
    },
  };
}
export type EstimatesRepo = ReturnType<typeof createEstimatesRepo>;
