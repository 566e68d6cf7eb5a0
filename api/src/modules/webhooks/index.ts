// Webhooks of the partner API (issue 11): the service behind the partner webhook routes and the delivery job.
import type { FastifyInstance } from 'fastify';
import type { PartnerConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { createOrderJob } from '../../jobs/orderJob';
import type { SecretBox } from '../../lib/secretBox';
import type { Outbox } from '../../outbox';
import { queryOf } from '../../db/query';
import type { OrderService } from '../orders';
import { createWebhookDispatcher } from './dispatcher';
import { createWebhookRepo } from './repo';
import { createWebhookService, type WebhookService } from './service';

export type { WebhookService } from './service';

/** The service; the delivery job starts when the app is ready and stops when it closes. */
export function createWebhooksModule(
  app: FastifyInstance,
  config: { partner: PartnerConfig },
  deps: { db: DbHandle; orders: Pick<OrderService, 'ordersById'>; secrets: SecretBox; outbox: Outbox },
): WebhookService {
  const repo = createWebhookRepo(queryOf(deps.db), deps.secrets);
  const dispatcher = createWebhookDispatcher({ repo, orders: deps.orders, config: config.partner, outbox: deps.outbox, log: app.log });
  // Sending goes through the outbox (issue 14): one worker and one depth for mails and webhooks.
  deps.outbox.register('webhook', dispatcher.handler, dispatcher.policy);
  // The same timer discipline as the order job: one pass at a time, at most a second apart (sooner with short retries).
  const job = createOrderJob({
    processDue: dispatcher.processDue,
    intervalMs: Math.max(20, Math.min(1000, config.partner.webhookRetryBaseMs)),
    log: app.log,
  });
  app.addHook('onReady', async () => job.start());
  app.addHook('onClose', async () => job.stop());
  return createWebhookService(repo, config.partner, dispatcher);
}
