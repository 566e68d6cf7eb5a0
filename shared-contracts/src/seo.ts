// §2 SEO and §7 `POST /dict/seo`: the texts of a page's head, per page kind and locale. The api serves them
// (api/src/modules/seo); web puts them in the first HTML (shell/server) and the shell updates the head on client
// navigation (§9 head-update debounce). No zod here: this file is in the browser entry.
import { STRUCTURED_DATA } from './constants';

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
    (!Number.isFinite(rating) || rating < STRUCTURED_DATA.rating.worst || rating > STRUCTURED_DATA.rating.best)
  )
    problems.push('structuredData.ratingValue');
  return problems;
}
