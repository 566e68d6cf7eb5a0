import type { ApiClient, LocaleCode } from 'shared-contracts';
import { blogEntryKey, blogIndexKey, roadmapKey, snapshotResult } from '../content/contentData';
import { fakeBlogApi, ROADMAP } from '../test/blogFixtures';
import { loaders } from './index';

const ctx = <P>(api: unknown, params: P, locale: LocaleCode = 'en') => ({ api: api as ApiClient, params, query: new URLSearchParams(), locale });
const json = (v: unknown) => JSON.parse(JSON.stringify(v));

describe('blog loaders (the server-rendered first view)', () => {
  it('/blog: the first four posts of the locale and the sidebar, as JSON keyed by the request', async () => {
    const api = fakeBlogApi();
    const data = await loaders.Blog(ctx(api, {}, 'ru'));
    expect(api.blogPosts).toHaveBeenCalledWith({ query: { locale: 'ru', offset: 0, per_page: 4 } });
    expect(api.blogSidebar).toHaveBeenCalledWith({ query: { locale: 'ru' } });
    expect(json(data)).toEqual(data);
    const result = snapshotResult<{ list: { items: { slug: string; title: string }[] } }>(data, blogIndexKey('ru', 1));
    expect(result?.kind === 'found' && result.data.list.items.map((p) => p.title)).toEqual([
      'RU Your first exchange',
      'RU Fixed vs floating rate',
      'RU How refunds work',
      'RU When a fixed rate breaks',
    ]);
    // another request (page, locale) does not take this one's data
    expect(snapshotResult(data, blogIndexKey('ru', 2))).toBeUndefined();
    expect(snapshotResult(data, blogIndexKey('en', 1))).toBeUndefined();
  });

  it('/blog/page3 is the last page (10 posts); /blog/page4 is the §2 404', async () => {
    const api = fakeBlogApi();
    const three = snapshotResult<{ list: { items: unknown[] } }>(await loaders.Blog(ctx(api, { page: '3' })), blogIndexKey('en', 3));
    expect(three?.kind === 'found' && three.data.list.items).toHaveLength(2);
    expect(api.blogPosts).toHaveBeenLastCalledWith({ query: { locale: 'en', offset: 8, per_page: 4 } });
    expect(snapshotResult(await loaders.Blog(ctx(api, { page: '4' })), blogIndexKey('en', 4))).toEqual({ kind: 'notFound' });
  });

  it('/blog/{category…}: the category and its page of posts; page 2 of guides has its fifth post', async () => {
    const api = fakeBlogApi();
    const data = await loaders.BlogPost(ctx(api, { slug: 'guides', page: '2' }));
    expect(api.blogPosts).toHaveBeenCalledWith({ query: { locale: 'en', offset: 4, per_page: 4, category: 'guides' } });
    const result = snapshotResult<{ kind: string; list: { items: { slug: string }[] } }>(data, blogEntryKey('en', 'guides', 2));
    expect(result?.kind === 'found' && result.data.kind).toBe('category');
    expect(result?.kind === 'found' && result.data.list.items.map((p) => p.slug)).toEqual(['guides/buying-crypto-with-a-card']);
    expect(snapshotResult(await loaders.BlogPost(ctx(api, { slug: 'guides', page: '3' })), blogEntryKey('en', 'guides', 3))).toEqual({ kind: 'notFound' });
  });

  it('/blog/{post…}: the post with its html and headings; a page number on a post and an unknown slug are 404s', async () => {
    const api = fakeBlogApi();
    const result = snapshotResult<{ kind: string; post: { title: string; headings: unknown[] } }>(
      await loaders.BlogPost(ctx(api, { slug: 'guides/fixed-vs-floating-rate' })),
      blogEntryKey('en', 'guides/fixed-vs-floating-rate', undefined),
    );
    expect(result?.kind === 'found' && result.data.post.title).toBe('Fixed vs floating rate');
    expect(api.blogEntry).toHaveBeenCalledWith({ query: { locale: 'en', slug: 'guides/fixed-vs-floating-rate' } });
    const paged = await loaders.BlogPost(ctx(api, { slug: 'guides/fixed-vs-floating-rate', page: '2' }));
    expect(snapshotResult(paged, blogEntryKey('en', 'guides/fixed-vs-floating-rate', 2))).toEqual({ kind: 'notFound' });
    const unknown = await loaders.BlogPost(ctx(api, { slug: 'news/how-to-buy' }));
    expect(snapshotResult(unknown, blogEntryKey('en', 'news/how-to-buy', undefined))).toEqual({ kind: 'notFound' });
  });

  it('a sidebar failure still gives the page; an api failure gives no data (the browser fetches)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = { ...fakeBlogApi(), blogSidebar: jest.fn(async () => Promise.reject(new Error('down'))) };
    const result = snapshotResult<{ sidebar: unknown }>(await loaders.Blog(ctx(api, {})), blogIndexKey('en', 1));
    expect(result?.kind === 'found' && result.data.sidebar).toBeNull();
    const down = { ...fakeBlogApi(), blogEntry: jest.fn(async () => Promise.reject(new TypeError('fetch failed: down'))) };
    await expect(loaders.BlogPost(ctx(down, { slug: 'guides' }))).rejects.toThrow('down');
    warn.mockRestore();
  });

  it('/roadmap: the roadmap of the locale', async () => {
    const api = fakeBlogApi();
    const data = await loaders.Roadmap(ctx(api, {}, 'ru'));
    expect(api.contentRoadmap).toHaveBeenCalledWith({ query: { locale: 'ru' } });
    expect(snapshotResult(data, roadmapKey('ru'))).toEqual({ kind: 'found', data: ROADMAP });
  });
});
