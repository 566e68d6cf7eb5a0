// §2 `/docs` and `/docs/{slug}`: what a documentation page shows, fetched from the content service (§7 blog service,
// docs scope) by the server's loader and by the page itself after a client navigation. JSON only: it travels in the
// HTML as `host.initialData`.
import { ApiError, type ApiClient, type DocsNav, type DocsPage, type LocaleCode } from 'shared-contracts';
import { isReferenceSlug, REFERENCE_SLUG } from '../../referenceSlug';

export type DocsView =
  | { kind: 'home'; locale: LocaleCode; slug: null; nav: DocsNav }
  | { kind: 'article'; locale: LocaleCode; slug: string; nav: DocsNav; page: DocsPage }
  | { kind: 'not-found'; locale: LocaleCode; slug: string };

/** What a view is for: the same key means the same answer (the store fetches again only for another key). */
export interface DocsKey {
  locale: LocaleCode;
  /** null for `/docs` itself. */
  slug: string | null;
}

export const sameKey = (a: DocsKey, b: DocsKey) => a.locale === b.locale && a.slug === b.slug;

/** The content page a slug shows. */
function contentSlugOf(slug: string): string {
  return isReferenceSlug(slug) ? REFERENCE_SLUG : slug;
}

/** Fetches a docs view; an unknown slug is a `not-found` view (the page then reports the §2 404), other failures throw. */
export async function loadDocsView(api: ApiClient, key: DocsKey, signal?: AbortSignal): Promise<DocsView> {
  const { locale, slug } = key;
  const nav = api.docsNav({ query: { locale }, signal });
  if (slug === null) return { kind: 'home', locale, slug, nav: await nav };
  try {
    const [navAnswer, page] = await Promise.all([nav, api.docsPage({ query: { locale, slug: contentSlugOf(slug) }, signal })]);
    return { kind: 'article', locale, slug, nav: navAnswer, page };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return { kind: 'not-found', locale, slug };
    throw error;
  }
}

/** `host.initialData` when it is a view of this key (a later client navigation in the same slot is another key). */
export function initialViewFor(data: unknown, key: DocsKey): DocsView | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const view = data as Partial<DocsView>;
  if (view.kind !== 'home' && view.kind !== 'article' && view.kind !== 'not-found') return undefined;
  return sameKey({ locale: view.locale as LocaleCode, slug: view.slug ?? null }, key) ? (view as DocsView) : undefined;
}
