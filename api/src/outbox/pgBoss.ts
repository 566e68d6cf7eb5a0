// The PostgreSQL worker: every outbox row gets a pg-boss job in the same transaction (pg-boss `send` with the
// caller's transaction as its `db`), so a committed row always has a job and a rolled-back one never does. pg-boss
// holds the job durably, polls for it every second, and hands a job whose worker died to another after its
// expiry. The job only carries the row id: the row decides (a claim with a lease, one attempt counted per claim), so
// a job run twice, or a row delivered first by the in-process backstop, is a no-op. A failed attempt schedules the
// next job at the row's backoff (`startAfter`); if that schedule itself is lost, the backstop poller finds the row.
import { PgBoss } from 'pg-boss';
import type { DbHandle } from '../db/client';
import type { OutboxStore } from './store';
import type { OutboxTx, OutboxWorker } from './types';

const OUTBOX_QUEUE = 'outbox';

export interface PgBossOptions {
  /** pg-boss runs its SQL through the application's pool (its tables live in their own schema). */
  db: DbHandle;
  /** pg-boss's own schema; default: `pgboss`, or `<schema>_pgboss` when the application works in another schema than public. */
  schema?: string;
  leaseMs: number;
  log: { warn(obj: object, msg: string): void };
}

const START_LOCK = 'exchange:pgboss:start';

export function createPgBossWorker(store: OutboxStore, opts: PgBossOptions) {
  // On the application's pg pool (drizzle's $client), so a multi-statement query answers the rows of every statement
  // (pg-boss needs them; the raw session keeps only the last's).
  const pool = (
    opts.db.db as unknown as {
      $client: {
        query(text: string, values?: unknown[]): Promise<unknown>;
        connect(): Promise<{ query(text: string, values?: unknown[]): Promise<unknown>; release(): void }>;
      };
    }
  ).$client;
  /**
   * Replicas starting together on a fresh database install pg-boss one after the other: pg-boss's own
   * pg_advisory_xact_lock does not refresh the catalog cache, so a waiting replica's CREATE SCHEMA IF NOT EXISTS failed
   * with 23505 on pg_namespace. A session-level lock around start() makes the next replica find it installed.
   */
  const serialized = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [START_LOCK]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [START_LOCK]);
      }
    } finally {
      client.release();
    }
  };
  const executeSql = async (text: string, values?: unknown[]) => {
    const result = (await pool.query(text, values?.length ? values : undefined)) as { rows?: unknown[] } | { rows?: unknown[] }[];
    return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : (result.rows ?? []) };
  };
  let boss: PgBoss | undefined;
  let started = false;

  async function bossSchema(): Promise<string> {
    if (opts.schema) return opts.schema;
    const [row] = await opts.db.withSession((s) => s.query<{ schema: string }>('SELECT current_schema() AS schema'));
    return !row?.schema || row.schema === 'public' ? 'pgboss' : `${row.schema}_pgboss`;
  }

  async function schedule(id: number, startAfter?: Date): Promise<void> {
    await boss?.send(OUTBOX_QUEUE, { id }, startAfter ? { startAfter } : {});
  }

  const worker: OutboxWorker & { readonly started: boolean; sendIn(tx: OutboxTx, id: number): Promise<void> } = {
    get started() {
      return started;
    },
    async start() {
      if (started) return;
      boss = new PgBoss({ db: { executeSql }, schema: await bossSchema(), schedule: false, supervise: true });
      boss.on('error', (err: unknown) => opts.log.warn({ error: (err as Error).message }, 'pg-boss error'));
      const started0 = boss;
      await serialized(async () => {
        await started0.start();
        await started0.createQueue(OUTBOX_QUEUE, {
          // The job is only a wake-up: the row counts attempts and fails for good. pg-boss retries cover a worker that
          // died holding the job (expiry), not a failed delivery (those are re-scheduled at the row's backoff).
          retryLimit: 20,
          retryDelay: 1,
          retryBackoff: true,
          retryDelayMax: 300,
          expireInSeconds: Math.max(1, Math.ceil(opts.leaseMs / 1000)),
        });
      });
      await boss.work<{ id: number }>(OUTBOX_QUEUE, { batchSize: 5, pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) {
          const id = Number(job.data.id);
          const result = await store.deliverOne(id);
          if (result.outcome === 'retry') await schedule(id, result.availableAt);
          // A row whose topic's handler is not registered yet (the webhooks module registers after the worker starts):
          // its job comes back shortly instead of leaving it to the slow backstop.
          else if (result.outcome === 'skipped' && (await store.waitsForHandler(id))) await schedule(id, new Date(Date.now() + 1000));
        }
      });
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss?.stop({ graceful: true, timeout: 10_000, close: false });
    },
    notify() {
      // pg-boss polls every second; the row was already tried once right after its commit.
    },
    /** The job of a row, written in the row's transaction. */
    async sendIn(tx: OutboxTx, id: number) {
      await boss?.send(OUTBOX_QUEUE, { id }, { db: { executeSql: async (text, values) => ({ rows: await tx.query(text, values) }) } });
    },
  };
  return worker;
}
