// Site content: §2 SEO texts and redirects, and the content service (§2 "blog and docs content comes from a blog
// service", §7 blog service GET per locale with category, slug, offset and per_page). Rendered HTML in these answers is
// already sanitised by the api.
import { z } from 'zod';
import { LEGAL_DOCUMENTS, SUPPORTED_LOCALES } from '../../constants';

/** §2 SEO texts of one page in one locale (`POST /dict/seo`); the plain types and the §8 key check are in seo.ts. */
export const SeoTextsSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    ogTitle: z.string(),
    ogDescription: z.string(),
    structuredData: z
      .object({
        organizationName: z.string(),
        organizationDescription: z.string(),
        reviewAuthor: z.string(),
        reviewBody: z.string(),
        ratingValue: z.string(),
      })
      .optional(),
  })
  .meta({ id: 'SeoTexts' });

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

/** A stored redirect (§2 redirect lookup): `path` normalised, `to` a site path or an absolute http(s) URL. */
export const RedirectRecordSchema = z
  .object({
    path: z.string(),
    to: z.string(),
    external: z.boolean(),
    status: z.literal(301),
    createdAt: z.string(),
    /** The admin account that added it; null when added with `pnpm admin redirect add`. */
    createdBy: z.number().int().nullable(),
  })
  .meta({ id: 'Redirect' });
