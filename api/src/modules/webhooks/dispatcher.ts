// Webhook deliveries (issue 11). Crash-safe: order_events are written in the order's own transaction, so a pass
// turns every event of a partner's orders past the webhook's cursor into a delivery row (unique per webhook and
// event, so a repeated scan adds nothing) and, in the same transaction, an outbox row of topic 'webhook' (issue 14):
// the outbox's worker sends it, so mails and webhooks share one mechanism and one depth. The outbox claims the row
// for the timeout plus slack; a crash mid-send leaves it to be sent again after that (at least once: receivers dedupe
// on the event id). 2xx = DELIVERED; anything else is retried after retryBaseMs × 2^(attempt-1), FAILED after
// maxAttempts. Order is kept within a webhook (its lane) when nothing fails; a retried event may arrive after later
// ones (data.order is the current state).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { PartnerConfig } from '../../config';
import { PermanentFailure, type Outbox, type OutboxHandler } from '../../outbox';
import type { OrderService } from '../orders';
import { guardedLookup, refuseLiteralTarget, TargetRefused } from './target';
import type { DueDelivery, WebhookRepo, WebhookRow } from './repo';
import { signatureHeader, WEBHOOK_HEADERS } from './signing';

const WEBHOOK_EVENT_TYPE = 'order.status_changed';
/** Issue 29: the event a partner sends itself on demand (POST /api/partner/v1/webhooks/test), about no order. */
const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
const SCAN_BATCH = 200;
const SETTLE_MS = 2 * 60_000;

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface DispatcherDeps {
  repo: WebhookRepo;
  orders: Pick<OrderService, 'ordersById'>;
  config: PartnerConfig;
  outbox: Outbox;
  log: Log;
  now?: () => number;
}

export function createWebhookDispatcher({ repo, orders, config, outbox, log, now = Date.now }: DispatcherDeps) {
  const lookup = guardedLookup(config.webhookAllowPrivateTargets);

  async function scan(w: WebhookRow): Promise<void> {
    const events = await repo.pendingEvents(w, SCAN_BATCH);
    const snapshots = new Map((await orders.ordersById([...new Set(events.map((e) => e.orderId))])).map((o) => [o.orderId, o]));
    for (const e of events) {
      const payload = JSON.stringify({
        id: `evt_${e.id}`,
        type: WEBHOOK_EVENT_TYPE,
        createdAt: e.createdAt.toISOString(),
        data: { orderId: e.orderId, eventKind: e.kind, status: e.status, order: snapshots.get(e.orderId) ?? null },
      });
      const delivery = { webhookId: w.id, orderEventId: e.id, orderId: e.orderId, eventType: WEBHOOK_EVENT_TYPE, payload };
      // One transaction per event: the delivery row and its outbox row exist together or not at all.
      await outbox.transaction(async (tx) => {
        const deliveryId = await repo.insertDelivery(delivery, { query: tx.query.bind(tx) });
        if (deliveryId === null) return;
        await outbox.enqueue(tx, { topic: 'webhook', payload: { deliveryId, lane: `webhook:${w.id}` }, dedupeKey: `webhook:${w.id}:evt_${e.id}` });
      });
    }
    if (events.length) outbox.notify();
    if (events.length < SCAN_BATCH) await repo.advanceCursor(w.id, SETTLE_MS);
  }

  function post(d: DueDelivery): Promise<number> {
    const url = new URL(d.url);
    refuseLiteralTarget(url, config.webhookAllowPrivateTargets);
    const t = Math.floor(now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(d.payload)),
      'user-agent': 'Coinferry-Webhooks/1',
      [WEBHOOK_HEADERS.eventId]: d.eventId,
      [WEBHOOK_HEADERS.deliveryId]: `whd_${d.id}`,
      [WEBHOOK_HEADERS.timestamp]: String(t),
      [WEBHOOK_HEADERS.signature]: signatureHeader(d.secret, t, d.payload),
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      // No redirects are followed (node:http does not): a 3xx is a failed attempt.
      const req = client.request(url, { method: 'POST', headers, lookup, signal: AbortSignal.timeout(config.webhookTimeoutMs) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(d.payload);
    });
  }

  /** One attempt (the outbox's `attempts`, counted at its claim); throws when the attempt failed, so the outbox retries. */
  async function send(d: DueDelivery, attempts: number): Promise<void> {
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!d.webhookLive) error = 'webhook removed';
    else if (d.webhookSuspended) error = 'webhook suspended (password reset)';
    else {
      try {
        statusCode = await post(d);
        if (statusCode < 200 || statusCode >= 300) error = `HTTP ${statusCode}`;
      } catch (err) {
        error =
          err instanceof TargetRefused
            ? err.message
            : (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError'
              ? `timeout after ${config.webhookTimeoutMs} ms`
              : ((err as NodeJS.ErrnoException).code ?? 'request failed');
      }
    }
    const delivered = error === null;
    const sendable = d.webhookLive && !d.webhookSuspended;
    const final = delivered || !sendable || attempts >= config.webhookMaxAttempts;
    // The outbox's backoff, with the same numbers (its policy for this topic is this config).
    await repo.recordAttempt(d.id, {
      attempts,
      status: delivered ? 'DELIVERED' : final ? 'FAILED' : 'PENDING',
      statusCode,
      error,
      nextAttemptAt: final ? null : new Date(now() + config.webhookRetryBaseMs * 2 ** (attempts - 1)),
    });
    // The URL is the partner's own; the secret never appears in logs.
    // `error` is a serialized key of the logger (an Error is expected there): the reason goes under `failure`.
    const line = { deliveryId: d.id, webhookId: d.webhookId, eventId: d.eventId, attempts, statusCode, failure: error };
    if (delivered) log.info(line, 'webhook delivered');
    else log.warn(line, final ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry');
    if (!delivered) throw sendable ? new Error(error ?? 'failed') : new PermanentFailure(error ?? 'webhook removed');
  }

  /** The outbox's delivery of topic 'webhook': the row names a delivery; one settled already is not sent again. */
  const handler: OutboxHandler = {
    local: false,
    async deliver(row) {
      const { deliveryId } = row.payload as { deliveryId: string };
      const d = await repo.pendingDelivery(String(deliveryId));
      if (d) await send(d, row.attempts);
    },
  };

  /** The delivery's outbox row, in the transaction that made it pending. */
  const enqueue = (tx: Parameters<Parameters<Outbox['transaction']>[0]>[0], webhookId: string, deliveryId: string, dedupe: string) =>
    outbox.enqueue(tx, { topic: 'webhook', payload: { deliveryId, lane: `webhook:${webhookId}` }, dedupeKey: `webhook:${webhookId}:${dedupe}` });

  return {
    handler,
    /**
     * Issue 29: a test event to a live webhook, sent now through the same path as the order events (signed, retried,
     * in the delivery log). Its payload has the shape of an order event with `type` webhook.test and no order.
     */
    async sendTest(w: WebhookRow): Promise<string> {
      const eventId = `evt_test_${randomBytes(8).toString('hex')}`;
      const payload = JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT_TYPE,
        createdAt: new Date(now()).toISOString(),
        data: { orderId: null, eventKind: null, status: null, order: null },
      });
      const deliveryId = await outbox.transaction(async (tx) => {
        const id = await repo.insertTestDelivery({ webhookId: w.id, eventId, eventType: WEBHOOK_TEST_EVENT_TYPE, payload }, { query: tx.query.bind(tx) });
        await enqueue(tx, w.id, id, eventId);
        return id;
      });
      outbox.notify();
      log.info({ deliveryId, webhookId: w.id, eventId }, 'webhook test event queued');
      return deliveryId;
    },
    /** Issue 29: a settled delivery sent again, the same event (id, payload); false when it is still pending. */
    async replay(webhookId: string, deliveryId: string): Promise<boolean> {
      const reopened = await outbox.transaction(async (tx) => {
        if (!(await repo.reopen(deliveryId, { query: tx.query.bind(tx) }))) return false;
        await enqueue(tx, webhookId, deliveryId, `replay:${deliveryId}:${now()}`);
        return true;
      });
      if (reopened) {
        outbox.notify();
        log.info({ deliveryId, webhookId }, 'webhook delivery replayed');
      }
      return reopened;
    },
    /** The outbox's policy for webhooks: this config's retries; a claim lasts the timeout plus slack. */
    policy: {
      retryBaseMs: config.webhookRetryBaseMs,
      maxAttempts: config.webhookMaxAttempts,
      leaseMs: config.webhookTimeoutMs + 30_000,
      maxBackoffMs: 24 * 3600_000,
    },
    /** One pass: new events into deliveries (and their outbox rows); the outbox's worker sends them. */
    async processDue(): Promise<void> {
      for (const w of await repo.liveWebhooks()) {
        try {
          await scan(w);
        } catch (err) {
          log.warn({ err, webhookId: w.id }, 'webhook scan failed');
        }
      }
    },
  };
}
