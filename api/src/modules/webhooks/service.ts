// A partner's webhooks (per owner account): register a URL (its signing secret is answered once), list, remove,
// and the delivery log (issue 29: filtered by status, a delivery replayed, a test event on demand). Another account's
// webhook or delivery is ERR_NOT_FOUND.
import { randomBytes } from 'node:crypto';
import { ApiError, partnerNotFound, type Webhook, type WebhookDelivery } from 'shared-contracts/server';
import type { PartnerConfig } from '../../config';
import { randomBase62 } from '../keys';
import type { DeliveryRow, DeliveryStatus, WebhookRepo, WebhookRow } from './repo';
import { checkWebhookUrl } from './target';

const MAX_WEBHOOKS_PER_ACCOUNT = 10;

/** A webhook suspended by a password reset is listed as inactive until resumed (issue 24). */
const toWebhook = (w: WebhookRow): Webhook => ({ id: w.id, url: w.url, isActive: w.isActive && w.suspendedAt === null, createdAt: w.createdAt.toISOString() });
const toDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: `whd_${d.id}`,
  webhookId: d.webhookId,
  eventId: d.eventId,
  eventType: d.eventType as WebhookDelivery['eventType'],
  orderId: d.orderId,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

/** What the service asks of the delivery job (dispatcher.ts). */
interface DeliverySender {
  sendTest(w: WebhookRow): Promise<string>;
  replay(webhookId: string, deliveryId: string): Promise<boolean>;
}

/** `whd_<n>` as listed → the row id; anything else names no delivery. */
const deliveryRowId = (id: string): string | null => (/^whd_\d{1,18}$/.test(id) ? id.slice(4) : null);

export function createWebhookService(repo: WebhookRepo, config: PartnerConfig, sender: DeliverySender) {
  const notFound = (id: string) => ApiError.of('ERR_NOT_FOUND', partnerNotFound('Webhook', id));
  const deliveryNotFound = (id: string) => ApiError.of('ERR_NOT_FOUND', partnerNotFound('Webhook delivery', id));
  async function ownDelivery(userId: number, id: string) {
    const rowId = deliveryRowId(id);
    const d = rowId ? await repo.delivery(userId, rowId) : null;
    if (!d) throw deliveryNotFound(id);
    return d;
  }
  return {
    /** `apiKeyId`: the key registering it (resuming that key after a password reset resumes the webhook). */
    async register(userId: number, rawUrl: string, apiKeyId: string): Promise<Webhook & { secret: string }> {
      const url = await checkWebhookUrl(rawUrl, config.webhookAllowPrivateTargets);
      if ((await repo.countLive(userId)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
        throw ApiError.of('ERR_VALIDATION', `At most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account; remove one first`);
      }
      const secret = `whsec_${randomBase62(40)}`;
      const row = await repo.insert({ id: `wh_${randomBytes(8).toString('hex')}`, userId, url, secret, apiKeyId });
      return { ...toWebhook(row), secret };
    },
    async list(userId: number): Promise<Webhook[]> {
      return (await repo.list(userId)).map(toWebhook);
    },
    async remove(userId: number, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound(id);
    },
    async deliveries(userId: number, webhookId: string | undefined, limit: number, status?: DeliveryStatus): Promise<WebhookDelivery[]> {
      if (webhookId && !(await repo.ownsWebhook(userId, webhookId))) throw notFound(webhookId);
      return (await repo.deliveries(userId, webhookId, limit, status)).map(toDelivery);
    },
    /** Issue 29: a test event to one of the owner's live webhooks; answers its delivery (PENDING until sent). */
    async sendTest(userId: number, id: string): Promise<WebhookDelivery> {
      const w = await repo.liveWebhook(userId, id);
      if (!w) {
        if (await repo.ownsWebhook(userId, id))
          throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Webhook ${id} is removed, deactivated or suspended: it gets no deliveries`);
        throw notFound(id);
      }
      return toDelivery(await ownDelivery(userId, `whd_${await sender.sendTest(w)}`));
    },
    /** Issue 29: a settled delivery (DELIVERED, FAILED or CANCELLED) sent again with the same event id and payload. */
    async replay(userId: number, id: string): Promise<WebhookDelivery> {
      const d = await ownDelivery(userId, id);
      if (!d.webhookLive) throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Webhook ${d.webhookId} is removed, deactivated or suspended: it gets no deliveries`);
      if (!(await sender.replay(d.webhookId, d.id)))
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Webhook delivery ${id} is still pending: it is sent already`);
      return toDelivery(await ownDelivery(userId, id));
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
