// Webhook deliveries (issue 11). Crash-safe: order_events are written in the order's own transaction, so a pass
// turns every event of a partner's orders past the webhook's cursor into a delivery row (unique per webhook and
// event, so a repeated scan adds nothing), then sends due deliveries. A delivery is claimed for the timeout plus
// slack; a crash mid-send leaves it to be sent again after that (at least once: receivers dedupe on the event id).
// 2xx = DELIVERED; anything else is retried after retryBaseMs × 2^(attempt-1), FAILED after maxAttempts. Order is
// kept within a webhook when nothing fails; a retried event may arrive after later ones (data.order is the current state).
import http from 'node:http';
import https from 'node:https';
import type { PartnerConfig } from '../../config';
import type { OrderService } from '../orders';
import { guardedLookup, refuseLiteralTarget, TargetRefused } from './target';
import type { DueDelivery, WebhookRepo, WebhookRow } from './repo';
import { signatureHeader, WEBHOOK_HEADERS } from './signing';

const WEBHOOK_EVENT_TYPE = 'order.status_changed';
const SCAN_BATCH = 200;
const SEND_BATCH = 20;
const SETTLE_MS = 2 * 60_000;

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface DispatcherDeps {
  repo: WebhookRepo;
  orders: Pick<OrderService, 'ordersById'>;
  config: PartnerConfig;
  log: Log;
  now?: () => number;
}

export function createWebhookDispatcher({ repo, orders, config, log, now = Date.now }: DispatcherDeps) {
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
      await repo.insertDelivery({ webhookId: w.id, orderEventId: e.id, orderId: e.orderId, eventType: WEBHOOK_EVENT_TYPE, payload });
    }
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
      [WEBHOOK_HEADERS.eventId]: `evt_${d.orderEventId}`,
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

  async function send(d: DueDelivery): Promise<void> {
    const attempts = d.attempts + 1;
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!d.webhookLive) error = 'webhook removed';
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
    const final = delivered || !d.webhookLive || attempts >= config.webhookMaxAttempts;
    await repo.recordAttempt(d.id, {
      attempts,
      status: delivered ? 'DELIVERED' : final ? 'FAILED' : 'PENDING',
      statusCode,
      error,
      nextAttemptAt: final ? null : new Date(now() + config.webhookRetryBaseMs * 2 ** (attempts - 1)),
    });
    // The URL is the partner's own; the secret never appears in logs.
    // `error` is a serialized key of the logger (an Error is expected there): the reason goes under `failure`.
    const line = { deliveryId: d.id, webhookId: d.webhookId, eventId: `evt_${d.orderEventId}`, attempts, statusCode, failure: error };
    if (delivered) log.info(line, 'webhook delivered');
    else log.warn(line, final ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry');
  }

  return {
    /** One pass: new events into deliveries, then the due deliveries sent. */
    async processDue(): Promise<void> {
      for (const w of await repo.liveWebhooks()) {
        try {
          await scan(w);
        } catch (err) {
          log.warn({ err, webhookId: w.id }, 'webhook scan failed');
        }
      }
      for (;;) {
        const due = await repo.claimDue(SEND_BATCH, config.webhookTimeoutMs + 30_000);
        if (!due.length) return;
        // In order within a webhook (a receiver sees a normal run's events as they happened), webhooks in parallel.
        const byWebhook = new Map<string, DueDelivery[]>();
        for (const d of [...due].sort((a, b) => Number(a.id) - Number(b.id))) byWebhook.set(d.webhookId, [...(byWebhook.get(d.webhookId) ?? []), d]);
        await Promise.all(
          [...byWebhook.values()].map(async (list) => {
            for (const d of list) {
              // One delivery's trouble (a database hiccup) leaves the others going; its claim lapses and it is retried.
              await send(d).catch((err) => log.warn({ err, deliveryId: d.id }, 'webhook delivery not recorded'));
            }
          }),
        );
        if (due.length < SEND_BATCH) return;
      }
    },
  };
}
