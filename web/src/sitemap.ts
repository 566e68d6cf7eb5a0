// robots.txt and sitemap.xml (§2): the public pages in both locales, every exchangeable pair page, every blog post,
// blog category and docs page, with per-locale alternates except on blog and docs. The pairs and the content come
// from the api's public lists, cached briefly.
import { hasSeoAlternates, LEGAL_DOCUMENTS, pairPath, parsePairSegment, SUPPORTED_LOCALES, DEFAULT_LOCALE, type LocaleCode } from 'shared-contracts';
import { escapeHtml } from './html';
import { type ApiTarget, callApi } from './upstream';

const DISALLOW = ['/api/', '/profile/', '/lk', '/order/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** [config id, path without locale prefix] of the fixed pages. */
const STATIC_PAGES: readonly [string, string][] = [
  ['index', '/'],
  ['popular-exchanges', '/popular-exchanges'],
  ['blog', '/blog'],
  ['docs', '/docs'],
  ['roadmap', '/roadmap'],
  ['support', '/support'],
  ['status', '/status'],
  // issue 24: the legal pages
  ...LEGAL_DOCUMENTS.map((slug): [string, string] => [slug, `/${slug}`]),
];

function localised(origin: string, locale: LocaleCode, path: string): string {
  if (locale === DEFAULT_LOCALE) return `${origin}${path}`;
  return `${origin}/${locale}${path === '/' ? '' : path}`;
}

/** [config id, path] of a blog post, blog category or docs page. */
export type ContentPath = readonly [string, string];

export function sitemapXml(origin: string, pairPaths: readonly string[], contentPaths: readonly ContentPath[] = []): string {
  const pages: (readonly [string, string])[] = [...STATIC_PAGES, ...pairPaths.map((p): [string, string] => ['exchange-pair', p]), ...contentPaths];
  const urls: string[] = [];
  for (const [configId, path] of pages) {
    const alternates = hasSeoAlternates(configId)
      ? [...SUPPORTED_LOCALES.map((l) => [l, localised(origin, l, path)]), ['x-default', localised(origin, DEFAULT_LOCALE, path)]]
          .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(href)}"/>`)
          .join('')
      : '';
    for (const locale of SUPPORTED_LOCALES) urls.push(`<url><loc>${escapeHtml(localised(origin, locale, path))}</loc>${alternates}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

const PAIRS_TIMEOUT_MS = 3_000;
const PAIRS_TTL_MS = 5 * 60_000;

/** The pair pages of `GET /api/v2/pairs/public`: active pairs whose path is a valid pair page; the last good list while the api is down. */
export function createPairPaths(apiUrl: ApiTarget, now: () => number = Date.now) {
  let cached: { paths: string[]; at: number } | null = null;
  return async (): Promise<string[]> => {
    if (cached && now() - cached.at < PAIRS_TTL_MS) return cached.paths;
    try {
      const res = await callApi(apiUrl, 'pairsPublic', { timeoutMs: PAIRS_TIMEOUT_MS });
      if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`pairs: status ${res.status}`);
      const paths = new Set<string>();
      for (const p of res.body as { fromSlug?: unknown; toSlug?: unknown; isActive?: unknown }[]) {
        if (p.isActive !== true || typeof p.fromSlug !== 'string' || typeof p.toSlug !== 'string') continue;
        const path = pairPath(p.fromSlug, p.toSlug);
        if (parsePairSegment(path.slice(1))) paths.add(path);
      }
      cached = { paths: [...paths], at: now() };
      return cached.paths;
    } catch {
      return cached?.paths ?? [];
    }
  };
}

const CONTENT_PAGE_SIZE = 50;
/** A blog with more posts than this is listed up to it (50 000 URLs is a sitemap's limit). */
const CONTENT_MAX_PAGES = 100;

async function getJson(apiUrl: ApiTarget, name: 'blogPosts' | 'blogSidebar' | 'docsNav', query: Record<string, string>): Promise<unknown> {
  const res = await callApi(apiUrl, name, { timeoutMs: PAIRS_TIMEOUT_MS, query });
  if (res.status !== 200) throw new Error(`${name}: status ${res.status}`);
  return res.body;
}

/**
 * The blog's posts and categories and the docs pages (content service, §2), in English: a page missing in Russian is
 * served in English under /ru too (the content service's locale fallback), so one list serves both locales.
 */
export function createContentPaths(apiUrl: ApiTarget, now: () => number = Date.now) {
  let cached: { paths: ContentPath[]; at: number } | null = null;
  return async (): Promise<ContentPath[]> => {
    if (cached && now() - cached.at < PAIRS_TTL_MS) return cached.paths;
    try {
      const paths: ContentPath[] = [];
      const sidebar = (await getJson(apiUrl, 'blogSidebar', { locale: DEFAULT_LOCALE })) as { categories?: { slug: string }[] };
      for (const c of sidebar.categories ?? []) paths.push(['blog-slug', `/blog/${c.slug}`]);
      for (let page = 0; page < CONTENT_MAX_PAGES; page++) {
        const query = { locale: DEFAULT_LOCALE, offset: String(page * CONTENT_PAGE_SIZE), per_page: String(CONTENT_PAGE_SIZE) };
        const list = (await getJson(apiUrl, 'blogPosts', query)) as { items?: { slug: string }[]; total?: number };
        for (const post of list.items ?? []) paths.push(['blog-slug', `/blog/${post.slug}`]);
        if (!list.items?.length || (page + 1) * CONTENT_PAGE_SIZE >= (list.total ?? 0)) break;
      }
      const nav = (await getJson(apiUrl, 'docsNav', { locale: DEFAULT_LOCALE })) as { sections?: { pages: { slug: string }[] }[] };
      for (const section of nav.sections ?? []) for (const p of section.pages) paths.push(['docs-slug', `/docs/${p.slug}`]);
      cached = { paths, at: now() };
      return paths;
    } catch {
      return cached?.paths ?? [];
    }
  };
}
