// Order persistence: rows, events, and `advance` — the one way a status changes (compare-and-set).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orderIdempotencyKeys, orders, type OrderRow } from '../../db/schema';
import type { IdempotencyScope } from './idempotency';
import type { NewOrderEvent, OrderStatus } from './lifecycle';

export type OrderInsert = typeof orders.$inferInsert;
export type OrderPatch = Partial<Omit<OrderInsert, 'orderId' | 'status'>>;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export interface Transition {
  to: OrderStatus;
  patch?: OrderPatch;
  events?: NewOrderEvent[];
}

export interface AdvanceOptions {
  orderId: string;
  from: OrderStatus;
  /** Extra condition the row must meet (e.g. due for its next confirmation). */
  where?: SQL;
  /**
   * 'skip' (jobs): a row another replica is working on is skipped (FOR UPDATE SKIP LOCKED);
   * 'wait' (customer calls): wait for it, then re-check the status.
   */
  lock: 'skip' | 'wait';
  /** Decides the transition from the locked row; null leaves it unchanged. */
  decide: (row: OrderRow) => Transition | null | Promise<Transition | null>;
  now: Date;
}

/** An Idempotency-Key claim for a new order: the request it stands for, and when older claims expired. */
export interface IdempotencyClaim extends IdempotencyScope {
  requestHash: string;
  expiredBefore: Date;
}

/** The (owner, key) is live for another order: the insert was rolled back. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('Idempotency-Key is live for another order');
  }
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Issue 14: a committed status change (from 'NEW': a created order), for metrics and the order's log lines. */
interface OrderTransitionEvent {
  orderId: string;
  from: OrderStatus | 'NEW';
  to: OrderStatus;
  /** x-request-id of the request that created the order (orders.request_id). */
  requestId: string | null;
}

/** Issue 23: a change of an order as its transaction writes it: a creation, a transition (or a renewed offer), an email set. */
interface OrderChange {
  row: OrderRow;
  from: OrderStatus | 'NEW';
  events: NewOrderEvent[];
  emailSet?: boolean;
  /** The customer's language when the change says it (set-email). */
  locale?: 'en' | 'ru';
}

export interface OrderRepoHooks {
  onTransition?(event: OrderTransitionEvent): void;
  /**
   * Issue 23: side effects written in the change's own transaction (the order's mails, through the outbox), so they exist
   * exactly when it commits. Returns what to run once it has committed (deliver them now).
   */
  inTransaction?(tx: { execute(query: SQL): Promise<unknown> }, change: OrderChange): Promise<(() => void) | undefined>;
}

export function createOrderRepo(db: Db, hooks: OrderRepoHooks = {}) {
  const transitioned = (row: OrderRow, from: OrderStatus | 'NEW') => {
    if (row.status !== from) hooks.onTransition?.({ orderId: row.orderId, from, to: row.status as OrderStatus, requestId: row.requestId });
  };
  const insertEvents = async (tx: Pick<Db, 'insert'>, orderId: string, events: NewOrderEvent[], now: Date): Promise<OrderEventRow[]> =>
    events.length
      ? tx
          .insert(orderEvents)
          .values(events.map((e) => ({ orderId, kind: e.kind, reason: e.reason ?? null, nextStep: e.nextStep ?? null, createdAt: now })))
          .returning()
      : [];

  return {
    /**
     * The order, its events and, with `claim`, the claim of its Idempotency-Key, in one transaction. A claim
     * takes over an expired one; a live one (e.g. a concurrent retry that committed first: the unique
     * (owner, key) makes this insert wait for it) throws IdempotencyKeyTaken and nothing is written. Returns the row and
     * the event rows as written, so that order create answers without reading them back (issue 14 bench).
     */
    async insert(
      row: OrderInsert,
      events: NewOrderEvent[],
      now: Date,
      userId?: number,
      claim?: IdempotencyClaim,
    ): Promise<{ row: OrderRow; events: OrderEventRow[] }> {
      const created = await db.transaction(async (tx) => {
        const [created] = await tx.insert(orders).values(row).returning();
        // orders.user_id comes with the accounts migration (0003_users.sql).
        if (userId !== undefined) await tx.execute(sql`UPDATE orders SET user_id = ${userId} WHERE order_id = ${created.orderId}`);
        if (claim) {
          const k = orderIdempotencyKeys;
          const claimed = await tx
            .insert(k)
            .values({ owner: claim.owner, idempotencyKey: claim.key, orderId: created.orderId, requestHash: claim.requestHash, createdAt: now })
            .onConflictDoUpdate({
              target: [k.owner, k.idempotencyKey],
              set: { orderId: sql`excluded.order_id`, requestHash: sql`excluded.request_hash`, createdAt: sql`excluded.created_at` },
              setWhere: lte(k.createdAt, claim.expiredBefore),
            })
            .returning({ orderId: k.orderId });
          if (claimed.length === 0) throw new IdempotencyKeyTaken();
        }
        const written = await insertEvents(tx, created.orderId, events, now);
        const after = await hooks.inTransaction?.(tx, { row: created, from: 'NEW', events });
        return { result: { row: created, events: written }, after };
      });
      transitioned(created.result.row, 'NEW');
      created.after?.();
      return created.result;
    },

    /** The order a live (owner, key) claim stands for, with the hash of the request that made it. */
    async byIdempotencyKey(scope: IdempotencyScope, expiredBefore: Date): Promise<{ row: OrderRow; requestHash: string } | undefined> {
      const k = orderIdempotencyKeys;
      const [hit] = await db
        .select({ row: orders, requestHash: k.requestHash })
        .from(k)
        .innerJoin(orders, eq(orders.orderId, k.orderId))
        .where(and(eq(k.owner, scope.owner), eq(k.idempotencyKey, scope.key), gt(k.createdAt, expiredBefore)));
      return hit;
    },

    /** Drops expired claims (the order job); their orders keep their idempotency_key. */
    async purgeIdempotencyKeys(expiredBefore: Date): Promise<void> {
      await db.delete(orderIdempotencyKeys).where(lte(orderIdempotencyKeys.createdAt, expiredBefore));
    },

    /**
     * Compare-and-set: in one transaction, lock the row if it is still in `from` (and matches `where`),
     * let `decide` pick the transition, update the status only where it is still `from`, insert the
     * events. Returns the new row, or null when the order was not in `from` (someone else moved it).
     */
    async advance({ orderId, from, where, lock, decide, now }: AdvanceOptions): Promise<OrderRow | null> {
      const advanced = await db.transaction(async (tx) => {
        const cond = and(eq(orders.orderId, orderId), eq(orders.status, from), where);
        const [row] = await tx
          .select()
          .from(orders)
          .where(cond)
          .for('update', lock === 'skip' ? { skipLocked: true } : undefined);
        if (!row) return null;
        const t = await decide(row);
        if (!t) return null;
        const [updated] = await tx
          .update(orders)
          .set({ ...t.patch, status: t.to, updatedAt: now })
          .where(cond)
          .returning();
        if (!updated) return null;
        await insertEvents(tx, orderId, t.events ?? [], now);
        const after = await hooks.inTransaction?.(tx, { row: updated, from, events: t.events ?? [] });
        return { updated, after };
      });
      if (!advanced) return null;
      transitioned(advanced.updated, from);
      advanced.after?.();
      return advanced.updated;
    },

    /** The row and its events from one snapshot (a transition may commit between two plain reads). */
    async snapshot(orderId: string): Promise<{ row: OrderRow; events: OrderEventRow[] } | undefined> {
      return db.transaction(
        async (tx) => {
          const [row] = await tx.select().from(orders).where(eq(orders.orderId, orderId));
          if (!row) return undefined;
          const events = await tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
          return { row, events };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    async byId(orderId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderId, orderId));
      return row;
    },

    async events(orderId: string): Promise<OrderEventRow[]> {
      return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
    },

    /** `locale`: the language of the mail with the order's link (issue 23). */
    async setEmailOnce(orderId: string, email: string, now: Date, locale?: 'en' | 'ru'): Promise<boolean> {
      const set = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ userEmail: email, updatedAt: now })
          .where(and(eq(orders.orderId, orderId), isNull(orders.userEmail)))
          .returning();
        if (!row) return null;
        return { after: await hooks.inTransaction?.(tx, { row, from: row.status as OrderStatus, events: [], emailSet: true, locale }) };
      });
      set?.after?.();
      return set !== null;
    },

    /** Whether any order is in one of `statuses`, or (`cardPaymentPending`) awaits its card payment: one indexed row at most. */
    async anyIn(statuses: readonly OrderStatus[], { cardPaymentPending = false } = {}): Promise<boolean> {
      const inStatus = inArray(orders.status, [...statuses]);
      const awaitingPayment = and(eq(orders.status, 'AWAITING_DEPOSIT'), isNotNull(orders.paymentId));
      const [row] = await db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(cardPaymentPending ? or(inStatus, awaitingPayment) : inStatus)
        .limit(1);
      return row !== undefined;
    },

    /** Ids of orders in `status` (optionally last touched before `staleBefore`), oldest first. */
    async idsIn(status: OrderStatus, limit: number, extra?: SQL): Promise<string[]> {
      const rows = await db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(and(eq(orders.status, status), extra))
        .orderBy(asc(orders.updatedAt))
        .limit(limit);
      return rows.map((r) => r.orderId);
    },

    /**
     * Claims up to `limit` card orders still waiting for their payment and not looked at since `dueBefore` (the job's
     * fallback poll of the provider): stamps them checked at `now`, so replicas polling at once split them.
     */
    async claimPaymentChecks(dueBefore: Date, now: Date, limit: number): Promise<{ orderId: string; provider: string; paymentId: string }[]> {
      const due = db
        .select({ orderId: orders.orderId })
        .from(orders)
        .where(
          and(eq(orders.status, 'AWAITING_DEPOSIT'), isNotNull(orders.paymentId), or(isNull(orders.paymentCheckedAt), lte(orders.paymentCheckedAt, dueBefore))),
        )
        .orderBy(sql`${orders.paymentCheckedAt} ASC NULLS FIRST`)
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(orders)
        .set({ paymentCheckedAt: now })
        .where(and(inArray(orders.orderId, due), eq(orders.status, 'AWAITING_DEPOSIT')))
        .returning({ orderId: orders.orderId, provider: orders.paymentProvider, paymentId: orders.paymentId });
      return rows.flatMap((r) => (r.provider && r.paymentId ? [{ orderId: r.orderId, provider: r.provider, paymentId: r.paymentId }] : []));
    },

    /** The order's card payment is this one (a notice names the payment it is about). */
    withPayment: (paymentId: string) => eq(orders.paymentId, paymentId),
    dueForConfirmation: (cutoff: Date) => or(isNull(orders.lastConfirmationAt), lte(orders.lastConfirmationAt, cutoff)) as SQL,
    /** Issue 28: not sent from these instruments (a real chain's watcher reports their confirmations, not the job). */
    notFrom: (slugs: readonly string[]) => (slugs.length ? notInArray(orders.fromSlug, [...slugs]) : undefined),
    /** Issue 28: a payout (or refund) already broadcast on a real chain, waiting to be final. */
    sentOn: (leg: 'payout' | 'refund') => isNotNull(leg === 'payout' ? orders.payoutTxHash : orders.refundTxHash),

    /** Issue 28: orders waiting for or confirming a deposit sent from these instruments, with their deposit addresses. */
    async awaitingDepositsFrom(slugs: readonly string[]): Promise<Array<{ orderId: string; fromSlug: string; address: string }>> {
      if (slugs.length === 0) return [];
      const rows = await db
        .select({ orderId: orders.orderId, fromSlug: orders.fromSlug, address: orders.depositAddress })
        .from(orders)
        .where(and(inArray(orders.status, ['AWAITING_DEPOSIT', 'CONFIRMING']), inArray(orders.fromSlug, [...slugs]), isNotNull(orders.depositAddress)));
      return rows.flatMap((r) => (r.address ? [{ orderId: r.orderId, fromSlug: r.fromSlug, address: r.address }] : []));
    },
    touchedBefore: (cutoff: Date) => lte(orders.updatedAt, cutoff),
  };
}
export type OrderRepo = ReturnType<typeof createOrderRepo>;
