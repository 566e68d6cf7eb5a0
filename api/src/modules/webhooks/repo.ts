// SQL of webhooks and webhook_deliveries (migrations 0010, 0023, 0032), raw and identical on PGlite and PostgreSQL. Issue 24:
// a webhook of an account without a confirmed email, or suspended by a password reset, gets no deliveries.
import type { Query } from '../../db/query';
import type { SecretBox } from '../../lib/secretBox';

export interface WebhookRow {
  id: string;
  userId: number;
  url: string;
  isActive: boolean;
  eventCursor: string;
  createdAt: Date;
  /** Set by a password reset until the key it was registered with is resumed. */
  suspendedAt: Date | null;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED' | 'CANCELLED';

export interface DeliveryRow {
  id: string;
  webhookId: string;
  /** The event's id as sent: evt_<order event id>, or a test event's own. */
  eventId: string;
  /** Null for a test event (issue 29). */
  orderId: string | null;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/** A claimed delivery with what sending it needs. */
export interface DueDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  webhookLive: boolean;
  /** Suspended by a password reset since it was queued: not sent (failed for good). */
  webhookSuspended: boolean;
}

/** An order event of the webhook owner's partner orders, not yet turned into a delivery. */
export interface PendingEvent {
  id: string;
  orderId: string;
  kind: string;
  createdAt: Date;
  status: string;
}

const WEBHOOK = `webhooks.id, webhooks.user_id::int AS "userId", url, is_active AS "isActive", event_cursor::text AS "eventCursor",
  webhooks.created_at AS "createdAt", webhooks.suspended_at AS "suspendedAt"`;
/** The event id a delivery is sent with (migration 0032: a test event has its own). */
const EVENT_ID = `coalesce(event_id, 'evt_' || order_event_id::text)`;
const DELIVERY = `id::text AS id, webhook_id AS "webhookId", ${EVENT_ID} AS "eventId", order_id AS "orderId", event_type AS "eventType",
  status, attempts, last_status_code AS "lastStatusCode", last_error AS "lastError", next_attempt_at AS "nextAttemptAt",
  delivered_at AS "deliveredAt", created_at AS "createdAt"`;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const toWebhookRow = (r: WebhookRow): WebhookRow => ({ ...r, createdAt: new Date(r.createdAt), suspendedAt: date(r.suspendedAt) });

const toDeliveryRow = (r: DeliveryRow): DeliveryRow => ({
  ...r,
  attempts: Number(r.attempts),
  lastStatusCode: r.lastStatusCode === null ? null : Number(r.lastStatusCode),
  nextAttemptAt: date(r.nextAttemptAt),
  deliveredAt: date(r.deliveredAt),
  createdAt: new Date(r.createdAt),
});

/** `box` seals the signing secret at rest (it is needed to sign, so it cannot be a hash). */
export function createWebhookRepo(q: Query, box: SecretBox) {
  return {
    async countLive(userId: number): Promise<number> {
      const [r] = await q<{ n: number }>('SELECT count(*)::int AS n FROM webhooks WHERE user_id = $1 AND deleted_at IS NULL', [userId]);
      return Number(r?.n ?? 0);
    },
    /** Starts at the newest order event: a new webhook hears of changes from now on. */
    /** `apiKeyId`: the key it is registered with (resuming that key after a password reset resumes the webhook). */
    async insert(w: { id: string; userId: number; url: string; secret: string; apiKeyId: string }): Promise<WebhookRow> {
      const [r] = await q<WebhookRow>(
        `INSERT INTO webhooks (id, user_id, url, secret, api_key_id, event_cursor)
         VALUES ($1, $2, $3, $4, $5, (SELECT coalesce(max(id), 0) FROM order_events)) RETURNING ${WEBHOOK}`,
        [w.id, w.userId, w.url, box.seal(w.secret), w.apiKeyId],
      );
      return toWebhookRow(r);
    },
    async list(userId: number): Promise<WebhookRow[]> {
      const rows = await q<WebhookRow>(`SELECT ${WEBHOOK} FROM webhooks WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, [userId]);
      return rows.map(toWebhookRow);
    },
    /** Issue 29: its pending deliveries are cancelled in the same statement (never sent, not left pending). */
    async remove(userId: number, id: string): Promise<boolean> {
      const rows = await q(
        `WITH removed AS (
           UPDATE webhooks SET deleted_at = now(), is_active = false WHERE id = $2 AND user_id = $1 AND deleted_at IS NULL RETURNING id
         ), cancelled AS (
           UPDATE webhook_deliveries SET status = 'CANCELLED', next_attempt_at = NULL, last_error = 'webhook removed'
            WHERE webhook_id IN (SELECT id FROM removed) AND status = 'PENDING' RETURNING id
         )
         SELECT id FROM removed`,
        [userId, id],
      );
      return rows.length > 0;
    },
    /** The owner's deliveries, newest first; `webhookId` must be the owner's (deleted ones included: the log stays readable). */
    async deliveries(userId: number, webhookId: string | undefined, limit: number, status?: DeliveryStatus): Promise<DeliveryRow[]> {
      const rows = await q<DeliveryRow>(
        `SELECT ${DELIVERY} FROM webhook_deliveries
          WHERE webhook_id IN (SELECT id FROM webhooks WHERE user_id = $1 AND ($2::text IS NULL OR id = $2::text))
            AND ($4::text IS NULL OR status = $4::text)
          ORDER BY webhook_deliveries.id DESC LIMIT $3`,
        [userId, webhookId ?? null, limit, status ?? null],
      );
      return rows.map(toDeliveryRow);
    },
    /** One delivery of the owner's webhooks (deleted ones included), with whether its webhook still gets deliveries. */
    async delivery(userId: number, id: string): Promise<(DeliveryRow & { webhookLive: boolean }) | null> {
      const [row] = await q<DeliveryRow & { webhookLive: boolean }>(
        `SELECT ${DELIVERY},
                (SELECT w.deleted_at IS NULL AND w.is_active AND w.suspended_at IS NULL FROM webhooks w WHERE w.id = webhook_deliveries.webhook_id) AS "webhookLive"
           FROM webhook_deliveries
          WHERE id = $2::bigint AND webhook_id IN (SELECT id FROM webhooks WHERE user_id = $1)`,
        [userId, id],
      );
      return row ? { ...toDeliveryRow(row), webhookLive: row.webhookLive } : null;
    },
    /** Issue 29: a test event for a webhook, a delivery of no order event (in the caller's transaction). */
    async insertTestDelivery(d: { webhookId: string; eventId: string; eventType: string; payload: string }, tx: { query: Query }): Promise<string> {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, event_type, payload, next_attempt_at) VALUES ($1, $2, $3, $4, now()) RETURNING id::text AS id`,
        [d.webhookId, d.eventId, d.eventType, d.payload],
      );
      return row.id;
    },
    /** Issue 29: a settled delivery back to PENDING to be sent again (its payload unchanged); false when it is pending already. */
    async reopen(id: string, tx: { query: Query }): Promise<boolean> {
      const rows = await tx.query(
        `UPDATE webhook_deliveries SET status = 'PENDING', next_attempt_at = now(), last_error = NULL, locked_until = NULL
          WHERE id = $1::bigint AND status <> 'PENDING' RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },
    /** The owner's webhook if it gets deliveries now (not removed, active, not suspended). */
    async liveWebhook(userId: number, id: string): Promise<WebhookRow | null> {
      const [row] = await q<WebhookRow>(
        `SELECT ${WEBHOOK} FROM webhooks WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND is_active AND suspended_at IS NULL`,
        [id, userId],
      );
      return row ? toWebhookRow(row) : null;
    },
    async ownsWebhook(userId: number, id: string): Promise<boolean> {
      return (await q('SELECT 1 FROM webhooks WHERE id = $1 AND user_id = $2', [id, userId])).length > 0;
    },
    /** Webhooks that get deliveries: not removed, not suspended, their account's email confirmed. */
    async liveWebhooks(): Promise<WebhookRow[]> {
      const rows = await q<WebhookRow>(
        `SELECT ${WEBHOOK} FROM webhooks JOIN users u ON u.id = webhooks.user_id
          WHERE webhooks.deleted_at IS NULL AND is_active AND webhooks.suspended_at IS NULL AND u.email_confirmed_at IS NOT NULL ORDER BY webhooks.id`,
      );
      return rows.map(toWebhookRow);
    },
    /** Events of the owner's partner orders past the cursor that have no delivery of this webhook yet. */
    async pendingEvents(w: WebhookRow, limit: number): Promise<PendingEvent[]> {
      const rows = await q<PendingEvent>(
        `SELECT e.id::text AS id, e.order_id AS "orderId", e.kind, e.created_at AS "createdAt", o.status
           FROM order_events e JOIN orders o ON o.order_id = e.order_id
          WHERE e.id > $2::bigint
            AND o.api_key_id IN (SELECT api_id FROM api_keys WHERE user_id = $1)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.webhook_id = $3 AND d.order_event_id = e.id)
          ORDER BY e.id LIMIT $4`,
        [w.userId, w.eventCursor, w.id, limit],
      );
      return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
    },
    /** The delivery's id, or null when this webhook already has one for the event. `tx`: in the caller's transaction. */
    async insertDelivery(
      d: { webhookId: string; orderEventId: string; orderId: string; eventType: string; payload: string },
      tx?: { query: Query },
    ): Promise<string | null> {
      const [row] = await (tx?.query ?? q)<{ id: string }>(
        `INSERT INTO webhook_deliveries (webhook_id, order_event_id, order_id, event_type, payload, next_attempt_at)
         VALUES ($1, $2::bigint, $3, $4, $5, now()) ON CONFLICT (webhook_id, order_event_id) DO NOTHING RETURNING id::text AS id`,
        [d.webhookId, d.orderEventId, d.orderId, d.eventType, d.payload],
      );
      return row?.id ?? null;
    },
    /** A delivery with what sending it needs (the outbox's webhook topic sends it, issue 14); null once it is settled. */
    async pendingDelivery(id: string): Promise<DueDelivery | null> {
      const [row] = await q<DueDelivery>(
        `SELECT d.id::text AS id, d.webhook_id AS "webhookId", coalesce(d.event_id, 'evt_' || d.order_event_id::text) AS "eventId", d.payload, d.attempts,
                w.url, w.secret, (w.deleted_at IS NULL AND w.is_active) AS "webhookLive", (w.suspended_at IS NOT NULL) AS "webhookSuspended"
           FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          WHERE d.id = $1::bigint AND d.status = 'PENDING'`,
        [id],
      );
      return row ? { ...row, secret: box.open(row.secret) } : null;
    },
    /**
     * Moves the cursor over events that began more than `settleMs` ago. order_events ids are taken when a transaction
     * inserts, not when it commits, so a lower id can still appear for a while; past the settle time it is taken as
     * final (an order transaction lasts milliseconds). Call only after every pending event past the cursor was turned
     * into a delivery.
     */
    async advanceCursor(webhookId: string, settleMs: number): Promise<void> {
      await q(
        `UPDATE webhooks SET event_cursor = greatest(event_cursor,
           coalesce((SELECT max(id) FROM order_events WHERE created_at < now() - ($2::int * interval '1 millisecond')), 0))
         WHERE id = $1`,
        [webhookId, settleMs],
      );
    },
    async recordAttempt(
      id: string,
      r: { attempts: number; status: 'PENDING' | 'DELIVERED' | 'FAILED'; statusCode: number | null; error: string | null; nextAttemptAt: Date | null },
    ): Promise<void> {
      await q(
        `UPDATE webhook_deliveries SET attempts = $2, status = $3::text, last_status_code = $4, last_error = $5, next_attempt_at = $6::timestamptz,
                delivered_at = CASE WHEN $3::text = 'DELIVERED' THEN now() ELSE delivered_at END, locked_until = NULL
          WHERE id = $1::bigint`,
        [id, r.attempts, r.status, r.statusCode, r.error, r.nextAttemptAt?.toISOString() ?? null],
      );
    },
  };
}
export type WebhookRepo = ReturnType<typeof createWebhookRepo>;
