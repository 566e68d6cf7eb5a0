// The public status page: health now, per day over 90 days, and incidents.
import { z } from 'zod';
import { HEALTH_STATUSES } from '../../domain';

export * from './networkSchemas';
export * from './holdSchemas';

export const INCIDENT_SEVERITIES = ['minor', 'major', 'critical'] as const;

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;

export const IncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  state: z.enum(INCIDENT_STATES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});

export const StatusDaySchema = z.object({
  /** UTC date `YYYY-MM-DD`. */
  date: z.string(),
  /** The worst status recorded that day; NO_DATA before the first check or while the api was not running. */
  status: z.enum([...HEALTH_STATUSES, 'NO_DATA'] as const),
  /** Share of that day's checks that were OK, a decimal string `0`..`1` (null with NO_DATA). */
  okRatio: z.string().nullable(),
});

export const StatusPageSchema = z.object({
  current: z.enum(HEALTH_STATUSES),
  checkedAt: z.string(),
  /** The last 90 UTC days, oldest first, today last. */
  days: z.array(StatusDaySchema),
  /** Open incidents and those of the last 90 days, newest first. */
  incidents: z.array(IncidentSchema),
});

export const IncidentCreateBodySchema = z.object({
  title: z.string().trim().min(3).max(200),
  body: z.string().trim().min(3).max(5000),
  severity: z.enum(INCIDENT_SEVERITIES),
  state: z.enum(INCIDENT_STATES).default('investigating'),
});

export const IncidentUpdateBodySchema = z.object({
  id: z.string(),
  state: z.enum(INCIDENT_STATES),
  body: z.string().trim().min(3).max(5000).optional(),
});

export type Incident = z.infer<typeof IncidentSchema>;

export type StatusDay = z.infer<typeof StatusDaySchema>;

export type StatusPage = z.infer<typeof StatusPageSchema>;
