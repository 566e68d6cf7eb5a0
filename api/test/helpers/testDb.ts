// A fresh database per test file: in-memory PGlite, or a throwaway schema on PostgreSQL.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
    const handle = await openDb({ pgliteDir: 'memory://', pgliteLoadDataDir: await freshClusterDump() });
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

let dump: Promise<Blob> | undefined;

/**
 * A fresh cluster's data directory (initdb's output: no table, nothing migrated), dumped once per machine and PGlite
 * build into the system's temporary directory: every in-memory test database starts from it rather than running
 * initdb again (about 2 s of CPU each; the api's test files open about a hundred). The file's name carries a hash of
 * where PGlite is installed (its version is in pnpm's path), so an upgrade makes a new one.
 */
function freshClusterDump(): Promise<Blob> {
  dump ??= (async () => {
    const build = createHash('sha256').update(require.resolve('@electric-sql/pglite')).digest('hex').slice(0, 12);
    const file = path.join(os.tmpdir(), `exchange-test-pglite-initdb-${build}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const fresh = new PGlite();
    await fresh.waitReady;
    const made = await fresh.dumpDataDir('none');
    await fresh.close();
    // written whole under another name, then renamed: a worker reading it never sees half a file
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await made.arrayBuffer()));
    fs.renameSync(partial, file);
    return made;
  })();
  return dump;
}
