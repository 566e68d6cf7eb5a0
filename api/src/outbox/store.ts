// SQL of outbox_messages (migration 0017): enqueue, claim with a lease, mark delivered or failed. Identical on PGlite
// and PostgreSQL; ids are normalised to numbers (pg returns int8 as a string).
import { sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import type { DeliveryOutcome, OutboxHandler, OutboxMessage, OutboxPolicy, OutboxTopic, OutboxTx } from './types';

export type { OutboxPolicy } from './types';

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = { leaseMs: 60_000, retryBaseMs: 2_000, maxBackoffMs: 15 * 60_000, maxAttempts: 10 };

/** pg's `$1` text and values as a drizzle query (drizzle transactions only take its SQL objects). */
function toSql(text: string, params: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${params[Number(m[1]) - 1]}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** An OutboxTx over a drizzle transaction (`db.transaction(async (tx) => …)`), for callers that have their own. */
export function outboxTx(tx: { execute(query: SQL): Promise<unknown> }): OutboxTx {
  return {
    async query<T>(text: string, params?: unknown[]) {
      const result = (await tx.execute(toSql(text, params))) as { rows?: T[] } | T[];
      return Array.isArray(result) ? result : (result.rows ?? []);
    },
  };
}

/** Runs fn in one transaction of the database (PGlite: its exclusive transaction; PostgreSQL: one pooled client). */
export function inTransaction<T>(db: DbHandle, fn: (tx: OutboxTx) => Promise<T>): Promise<T> {
  return db.db.transaction(async (tx) => fn(outboxTx(tx)));
}

export async function insertMessage(tx: OutboxTx, m: OutboxMessage): Promise<number | null> {
  const [row] = await tx.query<{ id: number | string }>(
    `INSERT INTO outbox_messages (topic, payload, dedupe_key, available_at)
     VALUES ($1, $2::jsonb, $3, COALESCE($4::timestamptz, now()))
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [m.topic, JSON.stringify(m.payload), m.dedupeKey ?? null, m.availableAt?.toISOString() ?? null],
  );
  return row ? Number(row.id) : null;
}

const PENDING = 'delivered_at IS NULL AND failed_at IS NULL';
/**
 * A settled mail keeps its envelope (to, kind, locale, subject) but not its text: a reset or confirmation code is
 * never kept in the database after its mail went (or was given up on); only its HMAC is (users/repo).
 */
const SCRUBBED = `payload = CASE WHEN topic = 'mail' THEN payload - 'text' ELSE payload END`;
const CLAIMABLE = `${PENDING} AND available_at <= now() AND (locked_until IS NULL OR locked_until < now())`;

/** Thrown by a handler when trying again cannot help (a removed webhook): the row is failed at once. */
export class PermanentFailure extends Error {}

export function createOutboxStore(db: DbHandle, defaults: OutboxPolicy) {
  const query = <T>(text: string, params: unknown[] = []) => db.withSession((s) => s.query<T>(text, params));
  const handlers = new Map<OutboxTopic, OutboxHandler>();
  const policies = new Map<OutboxTopic, OutboxPolicy>();
  const policyOf = (topic: OutboxTopic) => policies.get(topic) ?? defaults;

  /**
   * Rows due now and not claimed, oldest first, of the topics this process can deliver (a row of a topic whose
   * handler is not registered yet waits, its attempts untouched). `lane`: rows of one lane (a webhook) go in order.
   */
  async function due(limit: number): Promise<{ id: number; lane: string }[]> {
    const topics = [...handlers.keys()];
    if (!topics.length) return [];
    const rows = await query<{ id: number | string; lane: string | null }>(
      `SELECT id, payload->>'lane' AS lane FROM outbox_messages WHERE ${CLAIMABLE} AND topic = ANY($1::text[]) ORDER BY id LIMIT ${Math.max(1, limit)}`,
      [topics],
    );
    return rows.map((r) => ({ id: Number(r.id), lane: r.lane ?? `row:${r.id}` }));
  }

  /** When the next pending row of a registered topic becomes due (null: none pending). */
  async function nextDueAt(): Promise<Date | null> {
    const topics = [...handlers.keys()];
    if (!topics.length) return null;
    const [row] = await query<{ at: Date | string | null }>(
      `SELECT min(greatest(available_at, coalesce(locked_until, available_at))) AS at FROM outbox_messages WHERE ${PENDING} AND topic = ANY($1::text[])`,
      [topics],
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** The lease in ms of a row's topic, as SQL (topics are the fixed names 'mail' and 'webhook', never input). */
  const leaseSql = () =>
    policies.size ? `(CASE topic ${[...policies].map(([t, p]) => `WHEN '${t}' THEN ${Math.round(p.leaseMs)}`).join(' ')} ELSE $2::int END)` : '$2::int';

  /** The claim: one attempt more and a lease, only when the row is still pending, due and not claimed. */
  async function claim(id: number): Promise<{ id: number; topic: OutboxTopic; payload: unknown; attempts: number } | null> {
    const [row] = await query<{ id: number | string; topic: OutboxTopic; payload: unknown; attempts: number }>(
      `UPDATE outbox_messages o SET attempts = attempts + 1,
              locked_until = now() + (${leaseSql()} * interval '1 millisecond')
        WHERE id = $1 AND ${CLAIMABLE} AND topic = ANY($3::text[])
        RETURNING id, topic, payload, attempts`,
      [id, defaults.leaseMs, [...handlers.keys()]],
    );
    if (!row) return null;
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    return { id: Number(row.id), topic: row.topic, payload, attempts: Number(row.attempts) };
  }

  const markDelivered = (tx: OutboxTx, id: number) =>
    tx.query(`UPDATE outbox_messages SET delivered_at = now(), locked_until = NULL, last_error = NULL, ${SCRUBBED} WHERE id = $1 AND ${PENDING}`, [id]);

  function backoffMs(attempts: number, topic: OutboxTopic = 'mail'): number {
    const policy = policyOf(topic);
    return Math.min(policy.maxBackoffMs, policy.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  /** One attempt at one row. 'skipped': not pending, not due or claimed by another worker. */
  async function deliverOne(id: number): Promise<{ outcome: DeliveryOutcome; availableAt?: Date }> {
    const row = await claim(id);
    if (!row) return { outcome: 'skipped' };
    const handler = handlers.get(row.topic);
    try {
      if (!handler) throw new Error(`no handler for topic ${row.topic}`);
      if (handler.local) {
        await inTransaction(db, async (tx) => {
          await handler.deliver(row, tx);
          await markDelivered(tx, row.id);
        });
      } else {
        await handler.deliver(row, null);
        await markDelivered({ query }, row.id);
      }
      return { outcome: 'delivered' };
    } catch (err) {
      // A transport's error may quote the recipient: only its code or first line is kept, cut short.
      const e = err as NodeJS.ErrnoException;
      const reason = (e.code ?? String(e.message ?? err).split('\n')[0]).slice(0, 200);
      const final = err instanceof PermanentFailure || row.attempts >= policyOf(row.topic).maxAttempts;
      const availableAt = new Date(Date.now() + backoffMs(row.attempts, row.topic));
      await query(
        `UPDATE outbox_messages SET locked_until = NULL, last_error = $2, available_at = $3::timestamptz,
                failed_at = CASE WHEN $4::boolean THEN now() END,
                payload = CASE WHEN $4::boolean AND topic = 'mail' THEN payload - 'text' ELSE payload END
          WHERE id = $1 AND ${PENDING}`,
        [row.id, reason, availableAt.toISOString(), final],
      );
      return final ? { outcome: 'failed' } : { outcome: 'retry', availableAt };
    }
  }

  /** True when the row is pending but this process has no handler for its topic yet (it is left for later). */
  async function waitsForHandler(id: number): Promise<boolean> {
    const [row] = await query<{ topic: OutboxTopic }>(`SELECT topic FROM outbox_messages WHERE id = $1 AND ${PENDING}`, [id]);
    return row !== undefined && !handlers.has(row.topic);
  }

  return {
    due,
    nextDueAt,
    waitsForHandler,
    claim,
    deliverOne,
    backoffMs,
    policyOf,
    /** Adds a topic's delivery (and its own retry policy); rows of that topic are delivered from then on. */
    register(topic: OutboxTopic, handler: OutboxHandler, policy?: Partial<OutboxPolicy>) {
      handlers.set(topic, handler);
      if (policy) policies.set(topic, { ...defaults, ...policy });
    },
    hasHandler: (topic: OutboxTopic) => handlers.has(topic),
  };
}
export type OutboxStore = ReturnType<typeof createOutboxStore>;

/**
 * Rows for operators and fault tests (H8): pending = delivered_at IS NULL AND failed_at IS NULL (the depth metric).
 * `dedupeKeyPrefix` narrows to one kind of notification, e.g. 'mail:password_reset:'.
 */
export async function readOutboxMessages(
  db: DbHandle,
  opts: { topic?: OutboxTopic; dedupeKeyPrefix?: string; state?: 'pending' | 'delivered' | 'failed' } = {},
): Promise<
  {
    id: number;
    topic: OutboxTopic;
    payload: unknown;
    dedupeKey: string | null;
    attempts: number;
    deliveredAt: Date | null;
    failedAt: Date | null;
    lastError: string | null;
  }[]
> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (opts.topic) where.push(`topic = $${params.push(opts.topic)}`);
  if (opts.dedupeKeyPrefix) where.push(`starts_with(dedupe_key, $${params.push(opts.dedupeKeyPrefix)})`);
  if (opts.state === 'pending') where.push(PENDING);
  if (opts.state === 'delivered') where.push('delivered_at IS NOT NULL');
  if (opts.state === 'failed') where.push('failed_at IS NOT NULL');
  const rows = await db.withSession((s) =>
    s.query<{
      id: number | string;
      topic: OutboxTopic;
      payload: unknown;
      dedupe_key: string | null;
      attempts: number;
      delivered_at: Date | string | null;
      failed_at: Date | string | null;
      last_error: string | null;
    }>(`SELECT * FROM outbox_messages ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`, params),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    topic: r.topic,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    dedupeKey: r.dedupe_key,
    attempts: Number(r.attempts),
    deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
    failedAt: r.failed_at ? new Date(r.failed_at) : null,
    lastError: r.last_error,
  }));
}

/** Depth: messages neither delivered nor failed for good (the definition metrics use). */
export async function outboxDepth(db: DbHandle, topic?: OutboxTopic): Promise<number> {
  const [row] = await db.withSession((s) =>
    s.query<{ n: number | string }>(`SELECT count(*) AS n FROM outbox_messages WHERE ${PENDING}${topic ? ' AND topic = $1' : ''}`, topic ? [topic] : []),
  );
  return Number(row?.n ?? 0);
}
