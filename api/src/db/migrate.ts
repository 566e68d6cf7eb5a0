// Plain-SQL migrator: applies migrations/NNNN_name.sql in order, once each, recording them in
// schema_migrations. Identical on PGlite and PostgreSQL; on PostgreSQL an advisory lock keeps two
// replicas starting together from racing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant shared by every replica ("exchange migrations"). */
const ADVISORY_LOCK_KEY = 727_001;

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Returns the names of the migrations applied by this call. */
export async function migrate(handle: DbHandle, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return handle.withSession(async (s) => {
    const locked = handle.kind === 'postgres';
    if (locked) await s.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name TEXT PRIMARY KEY,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const done = new Set((await s.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
      const applied: string[] = [];
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        await s.exec('BEGIN');
        try {
          await s.exec(m.sql);
          await s.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
          await s.exec('COMMIT');
        } catch (err) {
          await s.exec('ROLLBACK');
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
      }
      return applied;
    } finally {
      if (locked) await s.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  });
}
