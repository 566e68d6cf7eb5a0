// robots.txt and sitemap.xml (§2): the public pages in both locales, every exchangeable pair page, with
// per-locale alternates except on blog and docs. The pairs come from the api's public list, cached briefly.
import { hasSeoAlternates, pairPath, parsePairSegment, SUPPORTED_LOCALES, DEFAULT_LOCALE, type LocaleCode } from 'shared-contracts';
import { escapeHtml } from './html';
import { callApi } from './upstream';

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
];

function localised(origin: string, locale: LocaleCode, path: string): string {
  if (locale === DEFAULT_LOCALE) return `${origin}${path}`;
  return `${origin}/${locale}${path === '/' ? '' : path}`;
}

export function sitemapXml(origin: string, pairPaths: readonly string[]): string {
  const pages: [string, string][] = [...STATIC_PAGES, ...pairPaths.map((p): [string, string] => ['exchange-pair', p])];
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
export function createPairPaths(apiUrl: string, now: () => number = Date.now) {
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
