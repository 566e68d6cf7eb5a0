// One Drizzle database over PGlite (default, embedded) or PostgreSQL (DATABASE_URL), with the same API.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A single connection for raw, multi-statement SQL (migrations) and session-level locks. */
interface RawSession {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  withSession<T>(fn: (s: RawSession) => Promise<T>): Promise<T>;
  /** Cheap liveness query; rejects when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** PostgreSQL schema to work in (created if missing); tests use a throwaway one. */
  databaseSchema?: string;
  /** PGlite data directory; 'memory://' (or undefined) for an in-memory database. */
  pgliteDir?: string;
  /**
   * An in-memory database only: start from this dump of a data directory (PGlite's `dumpDataDir`) instead of running
   * initdb. The tests' databases start from one fresh cluster's dump (test/helpers/testDb.ts).
   */
  pgliteLoadDataDir?: Blob;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.databaseSchema) : openPglite(opts.pgliteDir, opts.pgliteLoadDataDir);
}

async function openPglite(dir?: string, loadDataDir?: Blob): Promise<DbHandle> {
  const inMemory = !dir || dir.startsWith('memory://');
  // PGlite only creates the last path segment (TOOLCHAIN.md).
  if (!inMemory) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = inMemory ? new PGlite(loadDataDir ? { loadDataDir } : {}) : new PGlite(path.resolve(dir));
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const session: RawSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  };
  // PGlite is single-connection: its own queue serialises sessions, no lock needed.
  return {
    kind: 'pglite',
    db,
    withSession: (fn) => fn(session),
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<DbHandle> {
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schemaName}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(schemaName ? { options: `-c search_path="${schemaName}"` } : {}),
  });
  // A client losing its connection must not crash the process: an idle one reports to the pool, a checked-out one
  // (a transaction between two statements, a session lock) to itself; its next query fails with a catalogue 503 and
  // the pool discards it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
