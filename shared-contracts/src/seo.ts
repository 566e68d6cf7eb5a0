// §2 SEO and §7 `POST /dict/seo`: the texts of a page's head, per page kind and locale. The api serves them
// (api/src/modules/seo); web puts them in the first HTML (web/) and the shell updates the head on client
// navigation (§9 head-update debounce). No zod here: this file is in the browser entry.
import { DEFAULT_LOCALE, type LocaleCode, STRUCTURED_DATA, SUPPORTED_LOCALES } from './constants';

/**
 * `config_id` of `POST /dict/seo`: the base name of a §2 route (the shell's route table names, without the
 * `___en`/`___ru` suffix). `params.page` is the route's own part of the path: the pair segment
 * (`btc-eth`) on `exchange-pair`, the slug on blog and docs routes, the page number on paginated ones, else ''.
 */
export const SEO_CONFIG_IDS = [
  'index',
  'exchange-pair',
  'order-pending',
  'order-id',
  'popular-exchanges',
  'lk',
  'profile-admin-verifications',
  'profile-affiliate-program',
  'profile-cashback',
  'profile-history',
  'profile-info',
  'profile-keys',
  'profile-verification',
  'profile-wallet',
  'profile-withdraw',
  'blog',
  'blog-page',
  'blog-slug-page',
  'blog-slug',
  'docs',
  'docs-slug',
  'roadmap',
  'support',
  'status',
  'terms',
  'privacy',
  'aml-kyc',
] as const;
export type SeoConfigId = (typeof SEO_CONFIG_IDS)[number];

/** §2: blog and docs routes get a canonical link but no alternates. */
export function hasSeoAlternates(configId: string): boolean {
  return !configId.startsWith('blog') && !configId.startsWith('docs');
}

/** The texts of one page's head in one locale. */
export interface SeoTexts {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  /** Home page only (§2): organisation and review structured data, built from translation keys. */
  structuredData?: SeoStructuredDataTexts;
}

export interface SeoStructuredDataTexts {
  organizationName: string;
  organizationDescription: string;
  reviewAuthor: string;
  reviewBody: string;
  /** a decimal string between STRUCTURED_DATA.rating.worst and .best */
  ratingValue: string;
}

/** `POST /dict/seo` answer: `{ data: { en: SeoTexts, ru: SeoTexts } }`. */
export interface SeoAnswer {
  data: Record<string, SeoTexts>;
}

const TEXT_KEYS = ['title', 'description', 'ogTitle', 'ogDescription'] as const;
const STRUCTURED_KEYS = ['organizationName', 'organizationDescription', 'reviewAuthor', 'reviewBody', 'ratingValue'] as const;

/**
 * §8 meta-key check: the keys missing or invalid in one locale's texts of a page kind (empty when all is well).
 * With the check turned on (web's SEO_META_KEY_CHECK), a non-empty answer renders the 500 page.
 */
export function seoKeyProblems(configId: string, texts: unknown): string[] {
  if (!texts || typeof texts !== 'object') return ['texts'];
  const t = texts as Record<string, unknown>;
  const problems: string[] = TEXT_KEYS.filter((k) => typeof t[k] !== 'string' || (t[k] as string).trim() === '');
  if (configId !== 'index') return problems;
  const sd = t.structuredData as Record<string, unknown> | undefined;
  if (!sd || typeof sd !== 'object') return [...problems, 'structuredData'];
  for (const k of STRUCTURED_KEYS) if (typeof sd[k] !== 'string' || (sd[k] as string).trim() === '') problems.push(`structuredData.${k}`);
  const rating = Number(sd.ratingValue);
  if (
    !problems.includes('structuredData.ratingValue') &&
    (!/^\d+(\.\d+)?$/.test(String(sd.ratingValue)) || rating < STRUCTURED_DATA.rating.worst || rating > STRUCTURED_DATA.rating.best)
  )
    problems.push('structuredData.ratingValue');
  return problems;
}

/** The attribute every head tag of seoHeadTags carries in the DOM, so web's HTML and client updates replace the same set. */
export const SEO_TAG_ATTR = 'data-seo';

/** Where web serves the Open Graph image (1200×630) and the organisation logo (200×60) of §9's structured data. */
const SEO_IMAGE_PATH = '/og-image.png';
const SEO_LOGO_PATH = '/logo.png';

export type SeoHeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; type: 'application/ld+json'; json: unknown };

interface SeoHeadInput {
  configId: string;
  locale: LocaleCode;
  /** the path without the locale prefix and without a query, e.g. `/exchange-btc-eth` or `/` */
  path: string;
  /** scheme and host without a trailing slash, e.g. `https://example.com` */
  origin: string;
  texts: SeoTexts;
  noindex?: boolean;
}

const OG_LOCALE: Record<LocaleCode, string> = { en: 'en_US', ru: 'ru_RU' };

function localisedUrl(origin: string, locale: LocaleCode, path: string): string {
  if (locale === DEFAULT_LOCALE) return `${origin}${path}`;
  return `${origin}/${locale}${path === '/' ? '' : path}`;
}

/**
 * §2 head of a page: title, description, Open Graph and Twitter card, canonical, per-locale alternates (not on blog
 * and docs) and, on the home page, the organisation and review structured data with the §9 defaults.
 * Pure: web renders it to HTML, the shell applies it to the DOM on client navigation.
 */
export function seoHeadTags(input: SeoHeadInput): SeoHeadTag[] {
  const { configId, locale, path, origin, texts } = input;
  const url = localisedUrl(origin, locale, path);
  const image = `${origin}${SEO_IMAGE_PATH}`;
  const siteName = texts.structuredData?.organizationName ?? texts.ogTitle;
  const meta = (attrs: Record<string, string>): SeoHeadTag => ({ tag: 'meta', attrs });
  const tags: SeoHeadTag[] = [
    { tag: 'title', text: texts.title },
    meta({ name: 'description', content: texts.description }),
    meta({ property: 'og:title', content: texts.ogTitle }),
    meta({ property: 'og:description', content: texts.ogDescription }),
    meta({ property: 'og:url', content: url }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: siteName }),
    meta({ property: 'og:locale', content: OG_LOCALE[locale] }),
    meta({ property: 'og:image', content: image }),
    meta({ property: 'og:image:width', content: String(STRUCTURED_DATA.image.width) }),
    meta({ property: 'og:image:height', content: String(STRUCTURED_DATA.image.height) }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    meta({ name: 'twitter:title', content: texts.ogTitle }),
    meta({ name: 'twitter:description', content: texts.ogDescription }),
    meta({ name: 'twitter:image', content: image }),
  ];
  if (input.noindex) tags.push(meta({ name: 'robots', content: 'noindex' }));
  tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
  if (hasSeoAlternates(configId)) {
    for (const l of SUPPORTED_LOCALES) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: l, href: localisedUrl(origin, l, path) } });
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: localisedUrl(origin, DEFAULT_LOCALE, path) } });
  }
  const sd = texts.structuredData;
  if (configId === 'index' && sd) {
    const organization = {
      '@type': 'Organization',
      '@id': `${origin}/#organization`,
      name: sd.organizationName,
      description: sd.organizationDescription,
      url: localisedUrl(origin, locale, '/'),
      logo: { '@type': 'ImageObject', url: `${origin}${SEO_LOGO_PATH}`, width: STRUCTURED_DATA.logo.width, height: STRUCTURED_DATA.logo.height },
      image: { '@type': 'ImageObject', url: image, width: STRUCTURED_DATA.image.width, height: STRUCTURED_DATA.image.height },
    };
    const review = {
      '@type': 'Review',
      itemReviewed: { '@id': organization['@id'] },
      author: { '@type': 'Person', name: sd.reviewAuthor },
      reviewBody: sd.reviewBody,
      reviewRating: { '@type': 'Rating', ratingValue: sd.ratingValue, bestRating: STRUCTURED_DATA.rating.best, worstRating: STRUCTURED_DATA.rating.worst },
    };
    tags.push({ tag: 'script', type: 'application/ld+json', json: { '@context': 'https://schema.org', '@graph': [organization, review] } });
  }
  return tags;
}
