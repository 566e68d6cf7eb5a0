// The partner API: API keys (§3) and webhooks with their delivery log.
import { z } from 'zod';
import { IsoDateTimeSchema } from '../../commonSchemas';
import { OrderEventKindSchema, OrderSchema, OrderStatusSchema } from '../orders/schemas';

/** §3 API key: what the owner sets (update-api-key takes exactly these). */
export const ApiKeySchema = z
  .object({
    apiId: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(64),
    /** IPv4/IPv6 addresses and CIDR ranges allowed to use the key; empty = any address. */
    whiteListIp: z.array(z.string().trim().min(1).max(64)).max(50),
    isActive: z.boolean(),
    /** Issue 24: refuse the key's unsigned requests (only a key with a signing secret can require them); unchanged when absent. */
    signatureRequired: z.boolean().optional(),
  })
  .meta({ id: 'ApiKey' });

export type ApiKey = z.infer<typeof ApiKeySchema>;

/** An API key as listed: the settings plus its visible prefix and dates (the secret itself is never shown again). */
export const ApiKeyRecordSchema = ApiKeySchema.extend({
  /** The first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
  /** Unsigned requests with the key are refused. */
  signatureRequired: z.boolean(),
  /** Suspended by a password reset until the owner resumes it (resume-api-key): its requests are refused meanwhile. */
  suspended: z.boolean(),
}).meta({ id: 'ApiKeyRecord' });

export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

/** A partner's webhook: order status changes are POSTed to `url`, signed with its secret. */
export const WebhookSchema = z.object({ id: z.string(), url: z.string(), isActive: z.boolean(), createdAt: IsoDateTimeSchema }).meta({ id: 'Webhook' });

export type Webhook = z.infer<typeof WebhookSchema>;

/**
 * A delivery's state: PENDING (to be sent, or retried), DELIVERED (a 2xx answer), FAILED (every attempt failed),
 * CANCELLED (its webhook was removed before it was sent; issue 29).
 */
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] as const;

export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES).meta({ id: 'WebhookDeliveryStatus' });

/** The event types a webhook receives: an order's status change, and the test event sent on demand (issue 29). */
export const WEBHOOK_EVENT_TYPES = ['order.status_changed', 'webhook.test'] as const;

/**
 * Issue 29: the bodies a webhook receives (the document's `webhooks` section), so a generated client types them too.
 * `id` is the event's id, the same on every retry and replay (deduplicate on it; also the X-Coinferry-Event-Id header).
 */
export const OrderWebhookEventSchema = z
  .object({
    id: z.string(),
    type: z.literal('order.status_changed'),
    createdAt: IsoDateTimeSchema,
    data: z.object({
      orderId: z.string(),
      /** The order event this delivery is about. */
      eventKind: OrderEventKindSchema,
      /** The order's state when the delivery was prepared. */
      status: OrderStatusSchema,
      /** The whole order as the partner API answers it, when the delivery was prepared (null if it could not be read). */
      order: OrderSchema.nullable(),
    }),
  })
  .meta({ id: 'OrderWebhookEvent' });

export const TestWebhookEventSchema = z
  .object({
    id: z.string(),
    type: z.literal('webhook.test'),
    createdAt: IsoDateTimeSchema,
    data: z.object({ orderId: z.null(), eventKind: z.null(), status: z.null(), order: z.null() }),
  })
  .meta({ id: 'TestWebhookEvent' });

export const WebhookEventSchema = z.discriminatedUnion('type', [OrderWebhookEventSchema, TestWebhookEventSchema]).meta({ id: 'WebhookEvent' });

export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    /** The event's id, also sent as the X-Coinferry-Event-Id header (the same on every retry and replay). */
    eventId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    /** Null for a test event. */
    orderId: z.string().nullable(),
    status: WebhookDeliveryStatusSchema,
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: IsoDateTimeSchema.nullable(),
    deliveredAt: IsoDateTimeSchema.nullable(),
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'WebhookDelivery' });

export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export { PARTNER_ERROR_MESSAGES, partnerNotFound, partnerTooManyRequests } from './messages';
