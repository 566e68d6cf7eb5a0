// §2/§7 `POST /dict/seo`: the texts of a page's head in every locale, from the typed table in texts.ts filled with
// the page's own values (the pair's instrument names, a blog or docs topic, a page number). With the content service's
// index, a blog or docs topic is the post's, category's or page's own title in each locale, and a slug or list page
// that does not exist is a 404 (web then answers the §2 404 page with status 404).
import {
  ApiError,
  BLOG_PER_PAGE,
  SEO_CONFIG_IDS,
  SUPPORTED_LOCALES,
  parsePairSegment,
  type LocaleCode,
  type SeoConfigId,
  type SeoTexts,
} from 'shared-contracts/server';
import { SerializedJson } from '../../http/registerRoute';
import type { ContentIndex } from '../content';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';
import { SEO_TEXTS } from './texts';

type SeoAnswer = { data: Record<LocaleCode, SeoTexts> };
type Vars = Record<string, string>;
/** The placeholders' values: the same in every locale, or one set per locale (a post's title in its language). */
type LocaleVars = Vars | Record<LocaleCode, Vars>;
type ContentTitles = Pick<ContentIndex, 'blogEntry' | 'blogList' | 'docsPage'>;

/** Answers kept at most; a new instrument list (a reload) empties the cache. */
const CACHE_SIZE = 500;
/** A humanised slug longer than this is cut at a word, so the title stays near 60 characters. */
const TOPIC_MAX = 40;

const isConfigId = (id: string): id is SeoConfigId => (SEO_CONFIG_IDS as readonly string[]).includes(id);

const notFound = (what: string) => ApiError.of('ERR_NOT_FOUND', `No SEO texts for ${what}`);

function fill(template: string, vars: Vars): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`SEO text placeholder {${name}} has no value`);
    return value;
  });
}

/** `BTC`, or `USDT TRC20` when the network is not the currency's own. */
const codeOf = (i: InstrumentRecord) => (i.currencyTitle === i.networkTitle ? i.currencyTitle : `${i.currencyTitle} ${i.networkTitle}`);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** `crypto/how-to-buy-btc` → `How to buy btc`: the last segment, letters and digits only, at most TOPIC_MAX long. */
function humanise(slug: string): string {
  const last = safeDecode(slug.split('/').filter(Boolean).pop() ?? '');
  let words = last
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (words.length > TOPIC_MAX) words = words.slice(0, words.lastIndexOf(' ', TOPIC_MAX) > 0 ? words.lastIndexOf(' ', TOPIC_MAX) : TOPIC_MAX);
  return words.charAt(0).toLocaleUpperCase() + words.slice(1);
}

/** `2` or `page2` → `2`; anything else is not a page of a paginated list (web answers 404 for it too). */
function pageNumber(s: string): string {
  const m = /^(?:page)?([1-9]\d{0,5})$/.exec(s);
  if (!m) throw notFound(`page ${JSON.stringify(s)}`);
  return m[1];
}

const perLocale = (of: (locale: LocaleCode) => Vars): Record<LocaleCode, Vars> =>
  Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, of(l)])) as Record<LocaleCode, Vars>;

/** A content lookup's ERR_NOT_FOUND as this call's 404; anything else is a real failure. */
function orNotFound<T>(what: string, lookup: () => T): T {
  try {
    return lookup();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'ERR_NOT_FOUND') throw notFound(what);
    throw err;
  }
}

/** A list's page beyond its last (or a first page asked for as `page1`, which the pager never links) is a 404. */
function checkListPage(n: string, total: number): void {
  const last = Math.max(1, Math.ceil(total / BLOG_PER_PAGE));
  if (Number(n) > last) throw notFound(`page ${n}`);
}

export function createSeoService(instruments: InstrumentRepo, content?: ContentTitles) {
  /** The values of a page's placeholders and the cache key of its answer, or 404. */
  function resolve(configId: SeoConfigId, page: string): { configId: SeoConfigId; key: string; vars: LocaleVars } {
    if (content) {
      const titled = resolveContent(content, configId, page);
      if (titled) return titled;
    }
    switch (configId) {
      case 'exchange-pair': {
        // `btc-eth` as §2's path segment after `exchange-`; the whole segment is accepted too.
        const segment = page.toLowerCase();
        const pair = parsePairSegment(segment.startsWith('exchange-') ? segment : `exchange-${segment}`);
        const from = pair && instruments.bySlug(pair.from);
        const to = pair && instruments.bySlug(pair.to);
        if (!from || !to) throw notFound(`pair ${JSON.stringify(page)}`);
        const vars = { from: codeOf(from), to: codeOf(to), fromName: from.public.currencyFriendlyTitle, toName: to.public.currencyFriendlyTitle };
        return { configId, key: `${from.slug}-${to.slug}`, vars };
      }
      case 'blog-page': {
        const n = pageNumber(page);
        return { configId, key: n, vars: { page: n } };
      }
      case 'blog-slug-page': {
        // `<slug…>/page<n>`: the route's part of the path after /blog/.
        const m = /^(.+)\/([^/]+)$/.exec(page);
        const n = pageNumber(m?.[2] ?? '');
        const topic = humanise(m?.[1] ?? '');
        if (!topic) return { configId: 'blog-page', key: n, vars: { page: n } };
        return { configId, key: `${topic}\u0000${n}`, vars: { topic, page: n } };
      }
      case 'blog-slug':
      case 'docs-slug': {
        const topic = humanise(page);
        if (!topic) return { configId: configId === 'blog-slug' ? 'blog' : 'docs', key: '', vars: {} };
        return { configId, key: topic, vars: { topic } };
      }
      default:
        // The other kinds do not depend on the page: one answer each, whatever `page` holds.
        return { configId, key: '', vars: {} };
    }
  }

  function build(configId: SeoConfigId, localeVars: LocaleVars): SeoAnswer {
    const locale = (l: LocaleCode): SeoTexts => {
      const t: SeoTexts = SEO_TEXTS[configId][l];
      const vars: Vars = (localeVars as Record<LocaleCode, Vars>)[l] ?? localeVars;
      return {
        title: fill(t.title, vars),
        description: fill(t.description, vars),
        ogTitle: fill(t.ogTitle, vars),
        ogDescription: fill(t.ogDescription, vars),
        ...(t.structuredData ? { structuredData: t.structuredData } : {}),
      };
    };
    return { data: Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, locale(l)])) as Record<LocaleCode, SeoTexts> };
  }

  const cache = new Map<string, SerializedJson<SeoAnswer>>();
  let cachedFor: readonly InstrumentRecord[] | null = null;

  return {
    /** The answer of `POST /dict/seo`, serialised once per (page kind, page, instrument list). */
    texts(configIdIn: string, page: string): SerializedJson<SeoAnswer> {
      if (!isConfigId(configIdIn)) throw notFound(`config_id ${JSON.stringify(configIdIn)}`);
      const list = instruments.all();
      if (list !== cachedFor) {
        cache.clear();
        cachedFor = list;
      }
      const { configId, key, vars } = resolve(configIdIn, page);
      const cacheKey = `${configIdIn}\u0000${configId}\u0000${key}`;
      let answer = cache.get(cacheKey);
      if (!answer) {
        answer = new SerializedJson(build(configId, vars));
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(cacheKey, answer);
      }
      return answer;
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;

/** The blog and docs kinds named by the content service; null for the other kinds. */
function resolveContent(content: ContentTitles, configId: SeoConfigId, page: string): { configId: SeoConfigId; key: string; vars: LocaleVars } | null {
  switch (configId) {
    case 'blog-page': {
      const n = pageNumber(page);
      checkListPage(n, content.blogList('en', { offset: 0, perPage: 1 }).total);
      return { configId, key: n, vars: { page: n } };
    }
    case 'blog-slug-page': {
      const m = /^(.+)\/([^/]+)$/.exec(page);
      const n = pageNumber(m?.[2] ?? '');
      const slug = m?.[1] ?? '';
      const category = (l: LocaleCode) =>
        orNotFound(`blog category ${JSON.stringify(slug)}`, () => content.blogList(l, { category: slug, offset: 0, perPage: 1 }));
      checkListPage(n, category('en').total);
      return { configId, key: `${slug}\u0000${n}`, vars: perLocale((l) => ({ topic: category(l).category?.title ?? humanise(slug), page: n })) };
    }
    case 'blog-slug': {
      const slug = safeDecode(page).replace(/^\/+|\/+$/g, '');
      const title = (l: LocaleCode) => {
        const entry = orNotFound(`blog ${JSON.stringify(slug)}`, () => content.blogEntry(l, slug));
        return entry.kind === 'post' ? entry.post.title : entry.category.title;
      };
      return { configId, key: slug, vars: perLocale((l) => ({ topic: title(l) })) };
    }
    case 'docs-slug': {
      const slug = safeDecode(page).replace(/^\/+|\/+$/g, '');
      const title = (l: LocaleCode) => orNotFound(`docs ${JSON.stringify(slug)}`, () => content.docsPage(l, slug)).title;
      return { configId, key: slug, vars: perLocale((l) => ({ topic: title(l) })) };
    }
    default:
      return null;
  }
}
