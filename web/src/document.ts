// The document of a page request (§2): which route, which status, the head from `POST /dict/seo`, the theme
// and language of the first paint. The server rendering of the body plugs in through `renderDocument`'s
// rootHtml/state (html.ts).
import {
  DEFAULT_LOCALE,
  readCookie,
  seoHeadTags,
  seoKeyProblems,
  THEME_COOKIE,
  THEMES,
  type LocaleCode,
  type SeoAnswer,
  type SeoHeadTag,
  type SeoTexts,
} from 'shared-contracts';
import { matchRoute, REACHABILITY_META, reachabilityUrl, type RouteMatch, seoRequestOf, shellResources, splitLocale } from 'shell/for-web';
import { escapeHtml, inlineStylesheets, keepFontPreloads, renderDocument, renderHeadTags, splitDocument, type DocumentParts } from './html';
import { markScripts } from './securityHeaders';
import { TtlCache } from './ttlCache';
import { type ApiTarget, callApi } from './upstream';

export interface PageRequest {
  /** path and query, already normalised (normalise.ts) */
  url: string;
  cookieHeader?: string;
  /** the site's origin as web resolves it (edge.ts siteOrigin) */
  origin: string;
  /** X-Forwarded-* for the api (edge.ts edgeHeaders) */
  apiHeaders?: Record<string, string>;
}

export interface PageDocument {
  status: number;
  html: string;
}

/** What a page needs before its body is rendered: everything but the markup of `<div id="root">`. */
export interface PagePlan {
  status: 200 | 404 | 500;
  match: RouteMatch | null;
  locale: LocaleCode;
  parts: DocumentParts;
}

export interface DocumentOptions {
  apiUrl: ApiTarget;
  /** the shell's index.html */
  template: () => string;
  /** the text of one of the template's stylesheets, to inline it (critical CSS); undefined: it stays a link */
  cssOf?: (href: string) => string | undefined;
  /** SEO_META_KEY_CHECK; REACHABILITY_URL (§4 internet reachability, handed to the page in a meta tag) */
  env: Record<string, string | undefined>;
  /** bound on `POST /dict/seo`; past it the page gets the fallback head */
  seoTimeoutMs?: number;
  seoCacheTtlMs?: number;
  now?: () => number;
}

const SEO_DEFAULTS = { timeoutMs: 300, ttlMs: 60_000, maxEntries: 2_000 } as const;

type SeoResult = { kind: 'texts'; answer: SeoAnswer } | { kind: 'not-found' };

function shellTitle(locale: LocaleCode, key: string, params: Record<string, string>): string {
  const titles = shellResources[locale].titles as Record<string, string>;
  const text = titles[key] ?? shellResources[locale].siteName;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => (params[k] ?? '').toUpperCase());
}

/** The head when the api did not answer: the shell's own page title (resources.ts, `shell` namespace). */
function fallbackTexts(locale: LocaleCode, match: RouteMatch): SeoTexts {
  const title = shellTitle(locale, match.route.titleKey.replace(/^titles\./, ''), match.params);
  return { title, description: title, ogTitle: title, ogDescription: title };
}

function notFoundHead(locale: LocaleCode): SeoHeadTag[] {
  return [
    { tag: 'title', text: shellResources[locale].titles.notFound },
    { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
  ];
}

export function createDocumentRenderer(options: DocumentOptions) {
  const cache = new TtlCache<SeoResult>(options.seoCacheTtlMs ?? SEO_DEFAULTS.ttlMs, SEO_DEFAULTS.maxEntries, options.now);
  const timeoutMs = options.seoTimeoutMs ?? SEO_DEFAULTS.timeoutMs;
  const keyCheck = options.env.SEO_META_KEY_CHECK === 'true';

  /** The api's texts, `not-found` on its 404, null when it is down, slow or answers something else. */
  async function seoTexts(configId: string, page: string, headers?: Record<string, string>): Promise<SeoResult | null> {
    const key = `${configId}\u0000${page}`;
    const cached = cache.get(key);
    if (cached) return cached;
    try {
      const res = await callApi(options.apiUrl, 'seo', { body: { config_id: configId, params: { page } }, headers, timeoutMs });
      let result: SeoResult;
      if (res.status === 404) result = { kind: 'not-found' };
      else if (res.status === 200 && res.body && typeof (res.body as SeoAnswer).data === 'object') result = { kind: 'texts', answer: res.body as SeoAnswer };
      else return null;
      cache.set(key, result);
      return result;
    } catch {
      return null;
    }
  }

  async function plan(req: PageRequest): Promise<PagePlan> {
    const pathname = req.url.split('?')[0];
    const match = matchRoute(pathname);
    const locale = match?.locale ?? splitLocale(pathname).locale;
    const saved = readCookie(THEME_COOKIE, req.cookieHeader);
    const htmlAttrs: DocumentParts['htmlAttrs'] = { lang: locale };
    if (saved && (THEMES as readonly string[]).includes(saved)) htmlAttrs['data-theme'] = saved;
    const notFound = (): PagePlan => ({ status: 404, match, locale, parts: { head: renderHeadTags(notFoundHead(locale)), htmlAttrs } });

    if (!match?.valid) return notFound();
    const configId = match.route.name;
    const seo = seoRequestOf(match);
    const result = await seoTexts(configId, seo.page, req.apiHeaders);
    if (result?.kind === 'not-found') return notFound();
    const answered = result?.answer.data[locale];
    // §8: missing or invalid SEO keys are fatal when the check is on.
    if (keyCheck && result && seoKeyProblems(configId, answered).length > 0) {
      return { status: 500, match, locale, parts: { head: '', htmlAttrs } };
    }
    const texts = answered && seoKeyProblems(configId, answered).length === 0 ? answered : fallbackTexts(locale, match);
    const tags = seoHeadTags({ configId, locale, path: match.path, origin: req.origin, texts, noindex: seo.noindex });
    return { status: 200, match, locale, parts: { head: renderHeadTags(tags), htmlAttrs } };
  }

  /** The 500 page of the §8 key check: plain, nothing of the request or the configuration in it. */
  function errorPage(locale: LocaleCode): string {
    const t = shellResources[locale];
    return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(t.error.title)}</title></head><body><h1>500</h1><p>${escapeHtml(t.error.title)}</p><p><a href="${locale === DEFAULT_LOCALE ? '/' : `/${locale}`}">${escapeHtml(t.error.home)}</a></p></body></html>`;
  }

  // §4: what the browser asks to tell "offline" from "our service is down" (a URL that is not our api)
  const reachability = reachabilityUrl(options.env.REACHABILITY_URL);
  const runtimeHead = reachability ? `<meta name="${REACHABILITY_META}" content="${escapeHtml(reachability)}">` : '';
  // the template's scripts run by the response's CSP nonce (securityHeaders.ts: a marker replaced in each response)
  const template = () => {
    const own = markScripts(options.template());
    const html = options.cssOf ? inlineStylesheets(own, options.cssOf) : own;
    return runtimeHead ? html.replace('</head>', () => `${runtimeHead}</head>`) : html;
  };

  return {
    plan,
    /** The document of a plan; `body` is the server rendering of `<div id="root">` and its state (absent: the browser renders). */
    document(p: PagePlan, body?: Pick<DocumentParts, 'rootHtml' | 'state'>): PageDocument {
      if (p.status === 500) return { status: 500, html: errorPage(p.locale) };
      return { status: p.status, html: renderDocument(keepFontPreloads(template(), p.locale), { ...p.parts, ...body }) };
    },
    /**
     * The document of a plan in two parts (html.ts splitDocument): the head, with `extraHead` (the page's styles and
     * preloads), can go out before the body is rendered.
     */
    split(p: PagePlan, extraHead = ''): { status: number; head: string; tail: (body?: Pick<DocumentParts, 'rootHtml' | 'state'>) => string } {
      if (p.status === 500) return { status: 500, head: errorPage(p.locale), tail: () => '' };
      return { status: p.status, ...splitDocument(keepFontPreloads(template(), p.locale), { ...p.parts, head: `${p.parts.head}${extraHead}` }) };
    },
  };
}
