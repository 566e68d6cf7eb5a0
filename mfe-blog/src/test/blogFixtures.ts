// A fake content service for the blog's tests: three categories and ten posts as the contract describes them
// (guides 5, basics 3, security 2), answering like the api (404 ERR_NOT_FOUND for an unknown slug or category).
import {
  ApiError,
  type BlogCategory,
  type BlogPost,
  type BlogPostSummary,
  type LegalDocument,
  type LegalDocumentSlug,
  type LocaleCode,
  type Roadmap,
} from 'shared-contracts';
import type { BlogApi } from '../content/contentData';

const CATEGORIES: Record<string, [string, string, string[]]> = {
  guides: [
    'Guides',
    'Step by step',
    ['your-first-exchange', 'fixed-vs-floating-rate', 'how-refunds-work', 'when-a-fixed-rate-breaks', 'buying-crypto-with-a-card'],
  ],
  basics: ['Basics', 'How crypto works', ['how-confirmations-work', 'memos-and-destination-tags', 'networks-and-tokens']],
  security: ['Security', 'Staying safe', ['staying-safe', 'check-the-address']],
};

const title = (name: string, locale: LocaleCode) => `${locale === 'ru' ? 'RU ' : ''}${name.charAt(0).toUpperCase()}${name.slice(1).replace(/-/g, ' ')}`;

export function category(slug: string, locale: LocaleCode = 'en'): BlogCategory {
  const [t, description, posts] = CATEGORIES[slug];
  return { slug, title: locale === 'ru' ? `RU ${t}` : t, description, postCount: posts.length };
}

/** Newest first: the i-th post overall was published i days before 2026-11-20. */
export function summaries(locale: LocaleCode = 'en'): BlogPostSummary[] {
  const all = Object.entries(CATEGORIES).flatMap(([cat, [, , posts]]) => posts.map((p) => ({ cat, p })));
  return all.map(({ cat, p }, i) => ({
    slug: `${cat}/${p}`,
    title: title(p, locale),
    description: `About ${p}.`,
    category: { slug: cat, title: category(cat, locale).title },
    publishedAt: `2026-11-${String(20 - i).padStart(2, '0')}`,
    readingMinutes: 3 + (i % 4),
    cover: i === 0 ? { src: '/api/v1/content/images/cover.svg', alt: 'A cover', width: 1200, height: 630 } : null,
  }));
}

export function post(slug: string, locale: LocaleCode = 'en', extra: Partial<BlogPost> = {}): BlogPost {
  const summary = summaries(locale).find((s) => s.slug === slug);
  if (!summary) throw new Error(`no fixture post ${slug}`);
  return {
    ...summary,
    html:
      '<p>Intro with a <a href="/blog/basics/how-confirmations-work">link to another post</a> and <a href="https://example.org/x">an outside one</a>.</p>' +
      '<h2 id="what-it-is">What it is</h2><p>Text.</p><h2 id="how-it-works">How it works</h2><ul><li>One</li></ul>' +
      '<h3 id="in-detail">In detail</h3><pre><code>code</code></pre><p><a href="#what-it-is">Back up</a></p>',
    headings: [
      { id: 'what-it-is', text: 'What it is', level: 2 },
      { id: 'how-it-works', text: 'How it works', level: 2 },
      { id: 'in-detail', text: 'In detail', level: 3 },
    ],
    locale,
    fallback: false,
    ...extra,
  };
}

/** A legal page as the content service answers it (issue 24). */
export function legalDocument(slug: LegalDocumentSlug, locale: LocaleCode): LegalDocument {
  return {
    slug,
    locale,
    fallback: false,
    title: `${slug} (${locale})`,
    description: `About ${slug}`,
    updatedAt: '2026-11-27',
    html: `<h2 id="scope">Scope of ${slug}</h2><p>Text of ${slug} in ${locale}.</p>`,
    headings: [{ id: 'scope', text: `Scope of ${slug}`, level: 2 }],
  };
}

export const ROADMAP: Roadmap = {
  items: [
    { id: 'exchange', title: 'Instant exchange', html: '<p>Swap coins.</p>', status: 'done', period: '2026 Q2' },
    {
      id: 'blog',
      title: 'Blog and docs',
      html: '<p>Read <a href="/ru/blog/guides/how-refunds-work">about refunds</a>.</p>',
      status: 'in_progress',
      period: '2026 Q4',
    },
    { id: 'wallet', title: 'Wallet', html: '<p>Keep a balance.</p>', status: 'planned', period: null },
    { id: 'cards', title: 'More cards', html: '<p>Pay by card.</p>', status: 'planned', period: '2027 Q1' },
  ],
};

const notFound = (what: string) => Promise.reject(ApiError.of('ERR_NOT_FOUND', `no ${what}`));

/** Every call is a jest.fn, so a test can check what was asked. */
export function fakeBlogApi() {
  return {
    blogPosts: jest.fn(async ({ query }: { query: { locale?: LocaleCode; category?: string; offset?: number; per_page?: number } }) => {
      const locale = query.locale ?? 'en';
      if (query.category && !CATEGORIES[query.category]) return notFound('category');
      const items = summaries(locale).filter((s) => !query.category || s.category.slug === query.category);
      const offset = query.offset ?? 0;
      const perPage = query.per_page ?? 4;
      return {
        items: items.slice(offset, offset + perPage),
        total: items.length,
        offset,
        perPage,
        category: query.category ? category(query.category, locale) : null,
      };
    }),
    blogEntry: jest.fn(async ({ query }: { query: { locale?: LocaleCode; slug: string } }) => {
      const locale = query.locale ?? 'en';
      if (CATEGORIES[query.slug]) return { kind: 'category' as const, category: category(query.slug, locale) };
      if (summaries(locale).some((s) => s.slug === query.slug)) return { kind: 'post' as const, post: post(query.slug, locale) };
      return notFound('entry');
    }),
    blogSidebar: jest.fn(async ({ query }: { query: { locale?: LocaleCode } }) => ({
      categories: Object.keys(CATEGORIES).map((c) => category(c, query.locale ?? 'en')),
      recent: summaries(query.locale ?? 'en').slice(0, 5),
    })),
    contentRoadmap: jest.fn(async () => ROADMAP),
    contentLegal: jest.fn(async ({ query }: { query: { locale?: LocaleCode; slug: LegalDocumentSlug } }) => legalDocument(query.slug, query.locale ?? 'en')),
  } satisfies Record<keyof BlogApi, unknown>;
}
