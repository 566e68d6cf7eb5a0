// The first view's data of the blog pages and the roadmap (§2), fetched by the server before it renders the page and
// handed back as `host.initialData`: the request's key and its result, so a later route never takes another's data.
// A failure (api down, slow) gives nothing: the page fetches in the browser.
import type { LegalDocument, RemoteLoadersOf, Roadmap } from 'shared-contracts';
import {
  type BlogEntryData,
  type BlogIndexData,
  blogEntryKey,
  blogIndexKey,
  fetchBlogEntry,
  fetchBlogIndex,
  fetchLegal,
  fetchRoadmap,
  legalKey,
  listPage,
  type PageSnapshot,
  roadmapKey,
} from '../content/contentData';

export const blogLoaders = {
  Blog: async ({ api, params, locale }) => {
    const page = listPage(params.page);
    const snapshot: PageSnapshot<BlogIndexData> = { key: blogIndexKey(locale, page), result: await fetchBlogIndex(api, locale, page) };
    return snapshot;
  },
  BlogPost: async ({ api, params, locale }) => {
    const { slug, page } = params;
    const pageNumber = page === undefined ? undefined : listPage(page);
    const snapshot: PageSnapshot<BlogEntryData> = {
      key: blogEntryKey(locale, slug, pageNumber),
      result: await fetchBlogEntry(api, locale, slug, pageNumber),
    };
    return snapshot;
  },
  Roadmap: async ({ api, locale }) => {
    const snapshot: PageSnapshot<Roadmap> = { key: roadmapKey(locale), result: await fetchRoadmap(api, locale) };
    return snapshot;
  },
  Legal: async ({ api, params, locale }) => {
    const snapshot: PageSnapshot<LegalDocument> = { key: legalKey(locale, params.slug), result: await fetchLegal(api, locale, params.slug) };
    return snapshot;
  },
} satisfies RemoteLoadersOf<'mfe_blog'>;
