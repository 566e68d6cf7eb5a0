// Schemas of the content service (§2 "blog and docs content comes from a blog service", §7 blog service GET per
// locale with category, slug, offset and per_page), the support requests, the public status page and the
// first-party analytics sink (§4 analytics events). Rendered HTML in these answers is already sanitised by the api.
import { z } from 'zod';
import { LEGAL_DOCUMENTS, SUPPORTED_LOCALES } from './constants';
import { ANALYTICS_EVENTS, HEALTH_STATUSES } from './domain';

export const ContentLocaleSchema = z.enum(SUPPORTED_LOCALES);

/** A heading of a rendered page: `id` is the anchor the §2 hash scroll lands on. */
export const ContentHeadingSchema = z.object({ id: z.string(), text: z.string(), level: z.number().int().min(1).max(6) });

export const ContentImageSchema = z.object({ src: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() });

export const BlogCategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  postCount: z.number().int(),
});

export const BlogPostSummarySchema = z.object({
  /** The full path under /blog/ (may span several segments, e.g. `guides/fixed-vs-floating-rate`). */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.object({ slug: z.string(), title: z.string() }),
  /** ISO date `YYYY-MM-DD`. */
  publishedAt: z.string(),
  readingMinutes: z.number().int(),
  cover: ContentImageSchema.nullable(),
});

export const BlogPostSchema = BlogPostSummarySchema.extend({
  html: z.string(),
  headings: z.array(ContentHeadingSchema),
  /** The locale the text is in: the requested one, or English when the post has no translation yet. */
  locale: ContentLocaleSchema,
  fallback: z.boolean(),
});

export const BlogListSchema = z.object({
  items: z.array(BlogPostSummarySchema),
  total: z.number().int(),
  offset: z.number().int(),
  perPage: z.number().int(),
  /** The category listed, or null for all posts. */
  category: BlogCategorySchema.nullable(),
});

export const BlogEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), post: BlogPostSchema }),
  z.object({ kind: z.literal('category'), category: BlogCategorySchema }),
]);

export const BlogSidebarSchema = z.object({ categories: z.array(BlogCategorySchema), recent: z.array(BlogPostSummarySchema) });

export const DocsNavSchema = z.object({
  sections: z.array(z.object({ title: z.string(), pages: z.array(z.object({ slug: z.string(), title: z.string() })) })),
});

export const DocsPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  section: z.string(),
  html: z.string(),
  headings: z.array(ContentHeadingSchema),
  locale: ContentLocaleSchema,
  fallback: z.boolean(),
  /** ISO date `YYYY-MM-DD`. */
  updatedAt: z.string(),
});

/** Issue 24: the legal pages (terms of use, privacy policy, AML/KYC policy), one Markdown file per document and locale. */
export const LegalDocumentSchema = z.object({
  slug: z.enum(LEGAL_DOCUMENTS),
  title: z.string(),
  description: z.string(),
  html: z.string(),
  headings: z.array(ContentHeadingSchema),
  locale: ContentLocaleSchema,
  fallback: z.boolean(),
  /** ISO date `YYYY-MM-DD`: when the text last changed (shown on the page). */
  updatedAt: z.string(),
});

export const ROADMAP_STATUSES = ['done', 'in_progress', 'planned'] as const;
export const RoadmapSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      html: z.string(),
      status: z.enum(ROADMAP_STATUSES),
      /** e.g. `2026 Q4`; null when not scheduled. */
      period: z.string().nullable(),
    }),
  ),
});

export const FaqSchema = z.object({ items: z.array(z.object({ id: z.string(), question: z.string(), html: z.string() })) });

// ── Support ───────────────────────────────────────────────────────────
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

// ── Status page ───────────────────────────────────────────────────────
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

// ── Analytics (§4) ────────────────────────────────────────────────────
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

export type ContentHeading = z.infer<typeof ContentHeadingSchema>;
export type ContentImage = z.infer<typeof ContentImageSchema>;
export type BlogCategory = z.infer<typeof BlogCategorySchema>;
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;
export type BlogPost = z.infer<typeof BlogPostSchema>;
export type BlogList = z.infer<typeof BlogListSchema>;
export type BlogEntry = z.infer<typeof BlogEntrySchema>;
export type BlogSidebar = z.infer<typeof BlogSidebarSchema>;
export type DocsNav = z.infer<typeof DocsNavSchema>;
export type DocsPage = z.infer<typeof DocsPageSchema>;
export type LegalDocument = z.infer<typeof LegalDocumentSchema>;
export type Roadmap = z.infer<typeof RoadmapSchema>;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
export type Faq = z.infer<typeof FaqSchema>;
export type SupportRequestBody = z.input<typeof SupportRequestBodySchema>;
export type Incident = z.infer<typeof IncidentSchema>;
export type StatusDay = z.infer<typeof StatusDaySchema>;
export type StatusPage = z.infer<typeof StatusPageSchema>;
export type AnalyticsRecord = z.infer<typeof AnalyticsRecordSchema>;
