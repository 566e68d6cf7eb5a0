// SQL of the redirects table (migration 0007), through Drizzle: identical on PGlite and PostgreSQL.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redirects } from '../../db/schema';

type RedirectRow = typeof redirects.$inferSelect;

export function createRedirectRepo(db: Db) {
  return {
    async find(path: string): Promise<RedirectRow | null> {
      const [row] = await db.select().from(redirects).where(eq(redirects.path, path)).limit(1);
      return row ?? null;
    },
    list(): Promise<RedirectRow[]> {
      return db.select().from(redirects).orderBy(asc(redirects.path));
    },
    /** Null when the path has a redirect already (the unique index decides). */
    async insert(row: { path: string; target: string; createdBy: number | null }): Promise<RedirectRow | null> {
      const [created] = await db.insert(redirects).values(row).onConflictDoNothing({ target: redirects.path }).returning();
      return created ?? null;
    },
    async remove(path: string): Promise<RedirectRow | null> {
      const [removed] = await db.delete(redirects).where(eq(redirects.path, path)).returning();
      return removed ?? null;
    },
  };
}
export type RedirectRepo = ReturnType<typeof createRedirectRepo>;
