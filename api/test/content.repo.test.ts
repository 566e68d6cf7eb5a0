// The repository's own content/ (what the api serves): it indexes without a problem (a malformed file would stop the
// api at start-up), the blog has real posts in both languages (issue 13: at least eight per locale in at least three
// categories, every post translated), every docs page the site links to exists in en and ru, the roadmap and the FAQ
// exist in both, and every site link in the content leads to a page that exists.
import path from 'node:path';
import { LEGAL_DOCUMENTS, SUPPORTED_LOCALES, type LocaleCode } from 'shared-contracts/server';
import { REPO_ROOT } from '../src/config';
import { loadContentIndex, type ContentIndex } from '../src/modules/content/contentIndex';

const CONTENT_DIR = path.join(REPO_ROOT, 'content');
const DOCS_SLUGS = [
  'getting-started',
  'sandbox',
  'authentication',
  'rates-and-pairs',
  'orders',
  'idempotency',
  'rate-limits',
  'webhooks',
  'errors',
  'api-reference',
];

describe('the repository’s content/', () => {
  let index: ContentIndex;
  beforeAll(async () => {
    index = await loadContentIndex(CONTENT_DIR);
  });

  it.each(SUPPORTED_LOCALES)('%s: at least eight posts in at least three categories, none of them a fallback', (locale) => {
    const all = index.blogList(locale, { offset: 0, perPage: 50 });
    expect(all.total).toBeGreaterThanOrEqual(8);
    const withPosts = index.blogSidebar(locale).categories.filter((c) => c.postCount > 0);
    expect(withPosts.length).toBeGreaterThanOrEqual(3);
    const untranslated = all.items.map((p) => index.blogEntry(locale, p.slug)).filter((e) => e.kind === 'post' && e.post.fallback);
    expect(untranslated.map((e) => (e.kind === 'post' ? e.post.slug : ''))).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)('%s: every docs page of the site, translated', (locale) => {
    for (const slug of DOCS_SLUGS) {
      const page = index.docsPage(locale, slug);
      expect({ slug, fallback: page.fallback }).toEqual({ slug, fallback: false });
    }
    const navSlugs = index.docsNav(locale).sections.flatMap((s) => s.pages.map((p) => p.slug));
    expect(navSlugs).toEqual(expect.arrayContaining(DOCS_SLUGS));
  });

  it.each(SUPPORTED_LOCALES)('%s: the roadmap (done, in progress, planned) and 8–12 FAQ answers', (locale) => {
    const statuses = new Set(index.roadmap(locale).items.map((i) => i.status));
    expect([...statuses].sort()).toEqual(['done', 'in_progress', 'planned']);
    const faq = index.faq(locale).items;
    expect(faq.length).toBeGreaterThanOrEqual(8);
    expect(faq.length).toBeLessThanOrEqual(12);
    // Both languages answer the same questions (the ids are the answers' anchors).
    expect(faq.map((i) => i.id)).toEqual(index.faq('en').items.map((i) => i.id));
    expect(index.roadmap(locale).items.map((i) => i.id)).toEqual(index.roadmap('en').items.map((i) => i.id));
  });

  it.each(SUPPORTED_LOCALES)('%s: the terms of use, the privacy policy and the AML/KYC policy, translated (issue 24)', (locale) => {
    for (const slug of LEGAL_DOCUMENTS) {
      const doc = index.legal(locale, slug);
      expect({ slug, fallback: doc.fallback, locale: doc.locale }).toEqual({ slug, fallback: false, locale });
      expect(doc.headings.length).toBeGreaterThanOrEqual(4);
    }
  });

  /** Every page text of a locale: posts, docs pages, roadmap items, FAQ answers. */
  const htmlOf = (locale: LocaleCode): { where: string; html: string }[] => [
    ...index.blogList(locale, { offset: 0, perPage: 50 }).items.map((p) => {
      const entry = index.blogEntry(locale, p.slug);
      return { where: `blog/${p.slug}`, html: entry.kind === 'post' ? entry.post.html : '' };
    }),
    ...index.docsNav(locale).sections.flatMap((s) => s.pages.map((p) => ({ where: `docs/${p.slug}`, html: index.docsPage(locale, p.slug).html }))),
    ...index.roadmap(locale).items.map((i) => ({ where: `roadmap#${i.id}`, html: i.html })),
    ...index.faq(locale).items.map((i) => ({ where: `faq#${i.id}`, html: i.html })),
    ...LEGAL_DOCUMENTS.map((slug) => ({ where: `legal/${slug}`, html: index.legal(locale, slug).html })),
  ];

  /** The site's pages outside the content (shell routes), as locale-neutral paths. */
  const SITE_PAGES = [
    /^\/$/,
    /^\/(support|status|roadmap|blog|docs|exchange|terms|privacy|aml-kyc)$/,
    /^\/profile(\/[a-z-]+)*$/,
    /^\/order\/[^/]+$/,
    /^\/exchange-[a-z0-9]+-[a-z0-9]+$/,
  ];

  it.each(SUPPORTED_LOCALES)('%s: every site link leads to a page that exists, with the locale’s prefix', (locale) => {
    const broken: string[] = [];
    let checked = 0;
    for (const { where, html } of htmlOf(locale)) {
      for (const [, href] of html.matchAll(/<a href="([^"]+)"/g)) {
        if (!href.startsWith('/') || href.startsWith('/api/') || href.startsWith('/.well-known/')) continue;
        checked++;
        const [pathPart, hash] = href.replace(/&amp;/g, '&').split('#');
        const bare = pathPart.split('?')[0];
        if (locale !== 'en' && !bare.startsWith(`/${locale}`)) {
          broken.push(`${where}: ${href} (no /${locale} prefix)`);
          continue;
        }
        const neutral = locale === 'en' ? bare : bare.slice(locale.length + 1) || '/';
        const blog = /^\/blog\/(.+)$/.exec(neutral)?.[1];
        const docs = /^\/docs\/(.+)$/.exec(neutral)?.[1];
        try {
          if (blog) {
            const entry = index.blogEntry(locale, blog);
            if (hash && entry.kind === 'post' && !entry.post.headings.some((h) => h.id === decodeURIComponent(hash)))
              broken.push(`${where}: ${href} (no such heading)`);
          } else if (docs) {
            const page = index.docsPage(locale, docs);
            if (hash && !page.headings.some((h) => h.id === decodeURIComponent(hash))) broken.push(`${where}: ${href} (no such heading)`);
          } else if (!SITE_PAGES.some((p) => p.test(neutral))) broken.push(`${where}: ${href} (not a page of the site)`);
        } catch {
          broken.push(`${where}: ${href}`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
