// §2 blog routes and §7 blog service: what each blog page shows, fetched through the typed client the same way by the
// server's loaders (`host.initialData`) and by the page itself on a client navigation. A page beyond the last one, an
// unknown slug or a page number on a post is the §2 404: the result says `notFound` and the page calls host.notFound().
import {
  ApiError,
  BLOG_PER_PAGE,
  type ApiClient,
  type BlogCategory,
  type BlogList,
  type BlogPost,
  type BlogSidebar,
  LEGAL_DOCUMENTS,
  type LegalDocument,
  type LegalDocumentSlug,
  type LocaleCode,
  type Roadmap,
} from 'shared-contracts';

export type BlogApi = Pick<ApiClient, 'blogPosts' | 'blogEntry' | 'blogSidebar' | 'contentRoadmap' | 'contentLegal'>;

/** A page's data, or the §2 404. JSON, so the server's result travels in the HTML as it is. */
export type Loaded<T> = { kind: 'found'; data: T } | { kind: 'notFound' };

/** `/blog`, `/blog/page{n}`: one page of all posts. The sidebar is null when it failed (the list still shows). */
export interface BlogIndexData {
  list: BlogList;
  sidebar: BlogSidebar | null;
}

/** `/blog/{slug…}` (a post or a category) and `/blog/{slug…}/page{n}` (a category's page). */
export type BlogEntryData =
  | { kind: 'post'; post: BlogPost; sidebar: BlogSidebar | null }
  | { kind: 'category'; category: BlogCategory; list: BlogList; sidebar: BlogSidebar | null };

/** What the server loader hands a page: its result and the request it answers (a later route is another request). */
export interface PageSnapshot<T> {
  key: string;
  result: Loaded<T>;
}

const NOT_FOUND = { kind: 'notFound' } as const;
const found = <T>(data: T): Loaded<T> => ({ kind: 'found', data });

/** The list page of a `page{n}` param: 1 without it (the shell's route only lets positive integers through). */
export function listPage(param: string | undefined): number {
  const page = Number(param ?? '1');
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/** The sidebar is an extra: its failure leaves the page without it rather than without the page. */
function sidebarOf(api: BlogApi, locale: LocaleCode): Promise<BlogSidebar | null> {
  return api.blogSidebar({ query: { locale } }).catch((error: unknown) => {
    console.warn('blog sidebar failed to load', error instanceof Error ? error.message : error);
    return null;
  });
}

/** Page n of a list; a page past the last one (page 1 of an empty list excepted) is not found. */
function beyondLast(list: BlogList, page: number): boolean {
  return page > 1 && (page - 1) * BLOG_PER_PAGE >= list.total;
}

function postsPage(api: BlogApi, locale: LocaleCode, page: number, category?: string): Promise<BlogList> {
  return api.blogPosts({ query: { locale, offset: (page - 1) * BLOG_PER_PAGE, per_page: BLOG_PER_PAGE, ...(category ? { category } : {}) } });
}

export const blogIndexKey = (locale: LocaleCode, page: number) => `blog\n${locale}\n${page}`;

export async function fetchBlogIndex(api: BlogApi, locale: LocaleCode, page: number): Promise<Loaded<BlogIndexData>> {
  const [list, sidebar] = await Promise.all([postsPage(api, locale, page), sidebarOf(api, locale)]);
  return beyondLast(list, page) ? NOT_FOUND : found({ list, sidebar });
}

export const blogEntryKey = (locale: LocaleCode, slug: string, page: number | undefined) => `entry\n${locale}\n${slug}\n${page ?? ''}`;

/** `page` is the `page{n}` of `/blog/{slug…}/page{n}`, undefined on `/blog/{slug…}` (a post has no pages). */
export async function fetchBlogEntry(api: BlogApi, locale: LocaleCode, slug: string, page: number | undefined): Promise<Loaded<BlogEntryData>> {
  const sidebar = sidebarOf(api, locale);
  let entry: Awaited<ReturnType<BlogApi['blogEntry']>>;
  try {
    entry = await api.blogEntry({ query: { locale, slug } });
  } catch (error) {
    if (isNotFound(error)) return NOT_FOUND;
    throw error;
  }
  if (entry.kind === 'post') return page === undefined ? found({ kind: 'post', post: entry.post, sidebar: await sidebar }) : NOT_FOUND;
  const listPageNumber = page ?? 1;
  const list = await postsPage(api, locale, listPageNumber, entry.category.slug);
  if (beyondLast(list, listPageNumber)) return NOT_FOUND;
  return found({ kind: 'category', category: entry.category, list, sidebar: await sidebar });
}

export const roadmapKey = (locale: LocaleCode) => `roadmap\n${locale}`;

export async function fetchRoadmap(api: BlogApi, locale: LocaleCode): Promise<Loaded<Roadmap>> {
  return found(await api.contentRoadmap({ query: { locale } }));
}

export const legalKey = (locale: LocaleCode, slug: string) => `legal\n${locale}\n${slug}`;

export const isLegalSlug = (slug: string | undefined): slug is LegalDocumentSlug => (LEGAL_DOCUMENTS as readonly string[]).includes(slug ?? '');

/** Issue 24: `/terms`, `/privacy`, `/aml-kyc`; a slug the shell should never route here is a 404. */
export async function fetchLegal(api: BlogApi, locale: LocaleCode, slug: string): Promise<Loaded<LegalDocument>> {
  if (!isLegalSlug(slug)) return NOT_FOUND;
  try {
    return found(await api.contentLegal({ query: { locale, slug } }));
  } catch (error) {
    if (isNotFound(error)) return NOT_FOUND;
    throw error;
  }
}

/** The server's result for this request, when `initialData` is the snapshot of the same one. */
export function snapshotResult<T>(initialData: unknown, key: string): Loaded<T> | undefined {
  const snapshot = initialData as Partial<PageSnapshot<T>> | undefined;
  if (!snapshot || typeof snapshot !== 'object' || snapshot.key !== key) return undefined;
  const result = snapshot.result as Loaded<T> | undefined;
  return result?.kind === 'found' || result?.kind === 'notFound' ? result : undefined;
}
