// A batch of §4 analytics events, as the first-party sink takes it.
import { z } from 'zod';
import { ANALYTICS_EVENTS } from '../../domain';

const AnalyticsValueSchema = z.union([z.string().max(512), z.number().finite(), z.boolean(), z.null()]);

export const AnalyticsRecordSchema = z.object({
  event: z.enum(ANALYTICS_EVENTS),
  user_type: z.enum(['guest', 'registered']),
  /** Epoch milliseconds on the visitor's clock. */
  occurredAt: z.number().int().nonnegative(),
  /** §9 session id (session storage). */
  sessionId: z.string().max(64).optional(),
  path: z.string().max(2048).optional(),
  data: z.record(z.string().max(64), AnalyticsValueSchema).optional(),
});

export const AnalyticsBatchSchema = z.object({ events: z.array(AnalyticsRecordSchema).min(1).max(50) });

export type AnalyticsRecord = z.infer<typeof AnalyticsRecordSchema>;
