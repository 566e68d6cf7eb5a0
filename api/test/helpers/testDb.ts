// A fresh database per test file: in-memory PGlite, or a throwaway schema on PostgreSQL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../../src/db/client';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI). */
// TEST_BACKENDS narrows the list: .ci/run's PostgreSQL pass sets `postgres` (the default pass already ran PGlite).
export const BACKENDS: Backend[] = process.env.TEST_BACKENDS
  ? (process.env.TEST_BACKENDS.split(',') as Backend[])
  : process.env.DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];

export interface TestDb {
  handle: DbHandle;
  schema?: string;
  /** Opens another handle on the same database (PostgreSQL only: PGlite in-memory is per-handle). */
  reopen(): Promise<DbHandle>;
  drop(): Promise<void>;
}

export async function openTestDb(backend: Backend): Promise<TestDb> {
  if (backend === 'pglite') {
    const handle = await openDb({ pgliteDir: 'memory://' });
    return { handle, reopen: async () => handle, drop: () => handle.close() };
  }
  const url = process.env.DATABASE_URL as string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handle = await openDb({ databaseUrl: url, databaseSchema: schema });
  const extra: DbHandle[] = [];
  return {
    handle,
    schema,
    reopen: async () => {
      const h = await openDb({ databaseUrl: url, databaseSchema: schema });
      extra.push(h);
      return h;
    },
    drop: async () => {
      await Promise.all([handle, ...extra].map((h) => h.close().catch(() => undefined)));
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      // pg-boss's schema beside it (the outbox worker on PostgreSQL, issue 14).
      await c.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
      await c.end();
    },
  };
}
