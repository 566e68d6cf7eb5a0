// Support requests and the order lookup by deposit transaction hash.
import { z } from 'zod';
import { ContentLocaleSchema } from '../content/schemas';

export const SupportRequestBodySchema = z.object({
  email: z.string().trim().min(3).max(254),
  subject: z.string().trim().max(200).optional(),
  message: z.string().trim().min(10).max(5000),
  /** Optional; when given it must be an existing order's id. */
  orderId: z.string().trim().max(64).optional(),
  locale: ContentLocaleSchema.default('en'),
});

export const SupportRequestAnswerSchema = z.object({ ticketId: z.string() });

export const SupportOrderLookupBodySchema = z.object({
  txHash: z.string().trim().min(8).max(200),
  locale: ContentLocaleSchema.default('en'),
});

export type SupportRequestBody = z.input<typeof SupportRequestBodySchema>;
