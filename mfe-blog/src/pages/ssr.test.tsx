/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Every page as the shell's server renders it: in Node (no window, document, timers or sockets), nothing fetched
// during render; without loader data it is the loading state, with the loader's data the whole page (JavaScript off
// shows the full post).
import { renderToString } from 'react-dom/server';
import type { ApiClient, LocaleCode } from 'shared-contracts';
import { itRendersEveryPageOnTheServer } from 'remote-kit/server-testing';
import { createTestHost } from '../test/testHost';
import { fakeBlogApi } from '../test/blogFixtures';
import { loaders, pages } from './index';

describe('server render of the mfe-blog pages', () => {
  itRendersEveryPageOnTheServer('mfe_blog', pages, createTestHost);

  const serverRender = async (page: 'Blog' | 'BlogPost' | 'Roadmap', params: Record<string, string>, locale: LocaleCode = 'en') => {
    const initialData = await loaders[page]({ api: fakeBlogApi() as unknown as ApiClient, params: params as never, query: new URLSearchParams(), locale });
    const api = fakeBlogApi();
    const Page = pages[page];
    const html = renderToString(<Page host={createTestHost({ lng: locale, api, initialData, route: { params } })} />);
    expect(Object.values(api).filter((f) => f.mock.calls.length > 0)).toEqual([]);
    return html;
  };

  it('a post: its title, the table of contents, the HTML with its heading anchors, the sidebar', async () => {
    const html = await serverRender('BlogPost', { slug: 'guides/fixed-vs-floating-rate' }, 'ru');
    expect(html).toContain('>RU Fixed vs floating rate</h1>');
    expect(html).toContain('<h2 id="what-it-is">What it is</h2>');
    expect(html).toContain('href="#how-it-works"');
    expect(html).toContain('href="/ru/blog"');
    expect(html).toContain('aria-label="Рубрики блога и новые статьи"');
  });

  it('the blog index page 2 and a category page 2: their posts and pager', async () => {
    const index = await serverRender('Blog', { page: '2' });
    expect(index).toContain('href="/blog/basics/how-confirmations-work"');
    expect(index).toContain('data-testid="blog-page-indicator"');
    const category = await serverRender('BlogPost', { slug: 'guides', page: '2' });
    expect(category).toContain('href="/blog/guides/buying-crypto-with-a-card"');
    expect(category).toContain('>Guides</h1>');
  });

  it('an unknown slug renders the not-found text (the browser then shows the shell 404)', async () => {
    const html = await serverRender('BlogPost', { slug: 'news/how-to-buy' });
    expect(html).toContain('>Page not found</h1>');
  });

  it('the roadmap: its three groups', async () => {
    const html = await serverRender('Roadmap', {});
    for (const id of ['done', 'in_progress', 'planned']) expect(html).toContain(`data-testid="roadmap-group-${id}"`);
  });
});
