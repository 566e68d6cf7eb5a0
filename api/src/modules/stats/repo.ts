// Read-only queries over completed orders for the public statistics.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema';

export function createStatsRepo(db: Db) {
  return {
    async latestCompleted(limit: number): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.status, 'COMPLETED')).orderBy(desc(orders.completedAt)).limit(limit);
    },

    async completedStats(since: Date | null): Promise<{ count: number; volumeBySlug: { fromSlug: string; volume: string }[] }> {
      const cond = since ? and(eq(orders.status, 'COMPLETED'), gte(orders.completedAt, since)) : eq(orders.status, 'COMPLETED');
      const rows = await db
        .select({ fromSlug: orders.fromSlug, volume: sql<string>`coalesce(sum(${orders.depositAmount}), 0)::text`, count: sql<string>`count(*)::text` })
        .from(orders)
        .where(cond)
        .groupBy(orders.fromSlug);
      return {
        count: rows.reduce((n, r) => n + Number(r.count), 0),
        volumeBySlug: rows.map((r) => ({ fromSlug: r.fromSlug, volume: r.volume })),
      };
    },
  };
}
export type StatsRepo = ReturnType<typeof createStatsRepo>;
