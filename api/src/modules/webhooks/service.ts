// A partner's webhooks (per owner account): register a URL (its signing secret is answered once), list, remove,
// and the delivery log. Another account's webhook is ERR_NOT_FOUND.
import { randomBytes } from 'node:crypto';
import { ApiError, type Webhook, type WebhookDelivery } from 'shared-contracts/server';
import type { PartnerConfig } from '../../config';
import { randomBase62 } from '../keys';
import type { DeliveryRow, WebhookRepo, WebhookRow } from './repo';
import { checkWebhookUrl } from './target';

const MAX_WEBHOOKS_PER_ACCOUNT = 10;

/** A webhook suspended by a password reset is listed as inactive until resumed (issue 24). */
const toWebhook = (w: WebhookRow): Webhook => ({ id: w.id, url: w.url, isActive: w.isActive && w.suspendedAt === null, createdAt: w.createdAt.toISOString() });
const toDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: `whd_${d.id}`,
  webhookId: d.webhookId,
  eventId: `evt_${d.orderEventId}`,
  eventType: d.eventType,
  orderId: d.orderId,
  status: d.status,
  attempts: d.attempts,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
});

export function createWebhookService(repo: WebhookRepo, config: PartnerConfig) {
  const notFound = (id: string) => ApiError.of('ERR_NOT_FOUND', `Webhook ${id} not found`);
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
    async deliveries(userId: number, webhookId: string | undefined, limit: number): Promise<WebhookDelivery[]> {
      if (webhookId && !(await repo.ownsWebhook(userId, webhookId))) throw notFound(webhookId);
      return (await repo.deliveries(userId, webhookId, limit)).map(toDelivery);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
