// Raw SQL helpers every module's repo uses (issue 26: written once here instead of in accounts, keys and affiliates).
import type { SQL } from 'drizzle-orm';
import type { Db, DbHandle } from './client';

/** A raw statement with $n parameters, answered with its rows. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Each statement on a session of its own (identical on PGlite and PostgreSQL). */
export function queryOf(db: DbHandle): Query {
  return (sql, params) => db.withSession((s) => s.query(sql, params));
}

/** A drizzle transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Runner = Pick<Db, 'execute'> | Pick<Tx, 'execute'>;

/** Rows of a drizzle `sql` statement (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(runner: Runner, query: SQL): Promise<T[]> {
  const result = (await runner.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
