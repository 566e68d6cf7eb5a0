// The blog pages as a visitor sees them (§2 blog routes, §4 button_read_all_articles), against a fake content
// service: lists and their pages, the sidebar, a post with its table of contents, a category, the 404s.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LocaleCode } from 'shared-contracts';
import { createTestHost, renderPage } from '../test/testHost';
import { fakeBlogApi, post } from '../test/blogFixtures';
import { loaders, pages } from './index';

afterEach(cleanup);

type Params = { slug?: string; page?: string };

/** A page reached by client navigation: nothing from the server, its data fetched after mount. */
async function visit(page: 'Blog' | 'BlogPost', params: Params, o: { lng?: LocaleCode; api?: ReturnType<typeof fakeBlogApi>; hash?: string } = {}) {
  const api = o.api ?? fakeBlogApi();
  const host = createTestHost({ lng: o.lng, api, route: { params, hash: o.hash ?? '' } });
  const spies = { navigate: jest.fn(), notFound: jest.fn(), track: jest.fn() };
  Object.assign(host, { navigate: spies.navigate, notFound: spies.notFound, analytics: { track: spies.track } });
  renderPage(pages[page], host);
  await act(async () => undefined);
  return { api, host, ...spies };
}

const hrefs = (links: HTMLElement[]) => links.map((a) => a.getAttribute('href'));

describe('/blog and /blog/page{n}', () => {
  it('the first page: the four newest posts as cards, each linking to its post, with category, date, reading time', async () => {
    await visit('Blog', {});
    expect(screen.getByTestId('page-title').textContent).toBe('Blog');
    const cards = screen.getAllByTestId('blog-post-card');
    expect(cards).toHaveLength(4);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe('Your first exchange');
    expect(first.getByRole('link', { name: 'Your first exchange' }).getAttribute('href')).toBe('/blog/guides/your-first-exchange');
    expect(first.getByText('About your-first-exchange.')).toBeTruthy();
    expect(first.getByText('Guides')).toBeTruthy();
    expect(first.getByText('20 November 2026').getAttribute('datetime')).toBe('2026-11-20');
    expect(first.getByText('3 min read')).toBeTruthy();
    // the cover keeps its place before it loads
    const cover = first.getByRole('img', { name: 'A cover' });
    expect([cover.getAttribute('width'), cover.getAttribute('height')]).toEqual(['1200', '630']);
  });

  it('the pages: page 1 links to the older page 2; the last page (3) back to newer and to the first, no further', async () => {
    await visit('Blog', {});
    let nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByText('Page 1').getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getByRole('link', { name: /Older articles/ })
        .getAttribute('href'),
    ).toBe('/blog/page2');
    expect(within(nav).queryByRole('link', { name: /Newer articles/ })).toBeNull();
    cleanup();
    await visit('Blog', { page: '3' });
    expect(screen.getAllByTestId('blog-post-card')).toHaveLength(2);
    nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(hrefs(within(nav).getAllByRole('link'))).toEqual(['/blog/page2', '/blog']);
    expect(within(nav).getByText('Page 3')).toBeTruthy();
  });

  it('page 2 lists other posts than page 1', async () => {
    await visit('Blog', {});
    const one = screen.getAllByTestId('blog-post-link').map((a) => a.textContent);
    cleanup();
    await visit('Blog', { page: '2' });
    const two = screen.getAllByTestId('blog-post-link').map((a) => a.textContent);
    expect(two).toHaveLength(4);
    expect(two.filter((t) => one.includes(t))).toEqual([]);
  });

  it('a page past the last one is the §2 404', async () => {
    const { notFound } = await visit('Blog', { page: '4' });
    expect(notFound).toHaveBeenCalled();
    expect(screen.getByTestId('page-title').textContent).toBe('Page not found');
  });

  it('the sidebar: a labelled landmark with the categories and their counts, and the recent posts', async () => {
    await visit('Blog', {}, { lng: 'ru' });
    const aside = screen.getByRole('complementary', { name: 'Рубрики блога и новые статьи' });
    const categories = within(aside).getByRole('navigation', { name: 'Рубрики' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.textContent]),
    ).toEqual([
      ['/ru/blog/guides', 'RU Guides 5'],
      ['/ru/blog/basics', 'RU Basics 3'],
      ['/ru/blog/security', 'RU Security 2'],
    ]);
    expect(within(categories).queryByRole('link', { current: 'page' })).toBeNull();
    expect(within(within(aside).getByRole('region', { name: 'Новые статьи' })).getAllByRole('link')).toHaveLength(5);
  });

  it('a failure says so and retries', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeBlogApi();
    api.blogPosts.mockRejectedValueOnce(new TypeError('fetch failed'));
    await visit('Blog', {}, { api });
    expect(screen.getByRole('alert').textContent).toContain('did not load');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getAllByTestId('blog-post-card')).toHaveLength(4);
    warn.mockRestore();
  });
});

describe('/blog/{slug…}: a post', () => {
  it('renders the post: its title as the page title, meta, the table of contents and the HTML in an article', async () => {
    const { api } = await visit('BlogPost', { slug: 'guides/fixed-vs-floating-rate' });
    expect(api.blogEntry).toHaveBeenCalledWith({ query: { locale: 'en', slug: 'guides/fixed-vs-floating-rate' } });
    expect(screen.getByTestId('page-title').textContent).toBe('Fixed vs floating rate');
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(hrefs(within(toc).getAllByRole('link'))).toEqual(['#what-it-is', '#how-it-works', '#in-detail']);
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { level: 2, name: 'What it is' }).id).toBe('what-it-is');
    expect(within(article).getByRole('heading', { level: 3, name: 'In detail' })).toBeTruthy();
    // its category is the current one in the sidebar
    const current = within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', { current: 'page' });
    expect(current.getAttribute('href')).toBe('/blog/guides');
    expect(screen.queryByTestId('blog-fallback-notice')).toBeNull();
  });

  it('reached by a client navigation to `…#heading`: once the fetched post is there, it scrolls to that heading', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    await visit('BlogPost', { slug: 'guides/fixed-vs-floating-rate' }, { hash: '#how-it-works' });
    Element.prototype.scrollIntoView = original;
    expect(scrolled).toEqual(['how-it-works']);
  });

  it('the table of contents numbers only its h2 entries: each h3 is listed under its h2, unnumbered', async () => {
    const api = fakeBlogApi();
    const headings = [
      { id: 'one', text: 'One', level: 2 },
      { id: 'two', text: 'Two', level: 2 },
      { id: 'two-a', text: 'Two A', level: 3 },
      { id: 'two-b', text: 'Two B', level: 3 },
      { id: 'two-c', text: 'Two C', level: 3 },
      { id: 'three', text: 'Three', level: 2 },
    ];
    api.blogEntry.mockResolvedValueOnce({ kind: 'post', post: post('guides/fixed-vs-floating-rate', 'en', { headings }) } as never);
    await visit('BlogPost', { slug: 'guides/fixed-vs-floating-rate' }, { api });
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const numbered = toc.querySelector('ol');
    // the numbered list's own items are the h2s: 1 One, 2 Two, 3 Three
    const entries = Array.from(numbered?.children ?? []).map((li) => li.querySelector('a')?.textContent);
    expect(entries).toEqual(['One', 'Two', 'Three']);
    const two = within(numbered?.children[1] as HTMLElement);
    expect(two.getAllByRole('link').map((a) => a.textContent)).toEqual(['Two', 'Two A', 'Two B', 'Two C']);
    expect(hrefs(within(toc).getAllByRole('link'))).toEqual(['#one', '#two', '#two-a', '#two-b', '#two-c', '#three']);
  });

  it('fewer than three headings: no table of contents', async () => {
    const api = fakeBlogApi();
    api.blogEntry.mockResolvedValueOnce({ kind: 'post', post: post('security/staying-safe', 'en', { headings: [{ id: 'a', text: 'A', level: 2 }] }) } as never);
    await visit('BlogPost', { slug: 'security/staying-safe' }, { api });
    expect(screen.getByTestId('page-title').textContent).toBe('Staying safe');
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
  });

  it('a link to another page of the site navigates inside the site; an outside link and a modified click are the browser’s', async () => {
    const { navigate } = await visit('BlogPost', { slug: 'guides/fixed-vs-floating-rate' }, { lng: 'ru' });
    const article = screen.getByRole('article');
    fireEvent.click(within(article).getByRole('link', { name: 'link to another post' }));
    expect(navigate).toHaveBeenLastCalledWith('/blog/basics/how-confirmations-work');
    fireEvent.click(within(article).getByRole('link', { name: 'Back up' }));
    expect(navigate).toHaveBeenLastCalledWith('/#what-it-is');
    navigate.mockClear();
    // what the page leaves to the browser, jsdom cannot do: stopped after the page has seen the click
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('click', stop);
    fireEvent.click(within(article).getByRole('link', { name: 'an outside one' }));
    fireEvent.click(within(article).getByRole('link', { name: 'link to another post' }), { ctrlKey: true });
    document.removeEventListener('click', stop);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('"Read all articles" sends button_read_all_articles (§4) and goes to /blog', async () => {
    const { navigate, track } = await visit('BlogPost', { slug: 'basics/networks-and-tokens' }, { lng: 'ru' });
    const button = screen.getByRole('link', { name: 'Читать все статьи' });
    expect(button.getAttribute('href')).toBe('/ru/blog');
    fireEvent.click(button);
    expect(track).toHaveBeenCalledWith('button_read_all_articles');
    expect(navigate).toHaveBeenCalledWith('/blog');
  });

  it('an untranslated post says it is shown in English, and its text is marked English', async () => {
    const api = fakeBlogApi();
    api.blogEntry.mockResolvedValueOnce({ kind: 'post', post: post('security/staying-safe', 'en', { fallback: true }) } as never);
    await visit('BlogPost', { slug: 'security/staying-safe' }, { lng: 'ru', api });
    expect(screen.getByTestId('blog-fallback-notice').textContent).toBe('Эта статья ещё не переведена, поэтому показана на английском.');
    expect(screen.getByTestId('blog-post-body').getAttribute('lang')).toBe('en');
  });

  it('an unknown slug and a page number on a post are the §2 404', async () => {
    const a = await visit('BlogPost', { slug: 'news/how-to-buy' });
    expect(a.notFound).toHaveBeenCalled();
    cleanup();
    const b = await visit('BlogPost', { slug: 'guides/fixed-vs-floating-rate', page: '2' });
    expect(b.notFound).toHaveBeenCalled();
  });
});

describe('/blog/{category} and /blog/{category}/page{n}', () => {
  it('the category: its title and description, its posts, the way to its page 2; marked current in the sidebar', async () => {
    await visit('BlogPost', { slug: 'guides' });
    expect(screen.getByTestId('page-title').textContent).toBe('Guides');
    expect(screen.getByText('Step by step')).toBeTruthy();
    expect(screen.getAllByTestId('blog-post-card')).toHaveLength(4);
    expect(screen.getByRole('link', { name: /Older articles/ }).getAttribute('href')).toBe('/blog/guides/page2');
    expect(within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', { current: 'page' }).textContent).toBe('Guides 5');
  });

  it('page 2 of guides: its fifth post and the way back to the category', async () => {
    const { api } = await visit('BlogPost', { slug: 'guides', page: '2' }, { lng: 'ru' });
    expect(api.blogPosts).toHaveBeenCalledWith({ query: { locale: 'ru', offset: 4, per_page: 4, category: 'guides' } });
    expect(screen.getAllByTestId('blog-post-link').map((a) => a.getAttribute('href'))).toEqual(['/blog/guides/buying-crypto-with-a-card']);
    const nav = screen.getByRole('navigation', { name: 'Страницы блога' });
    expect(hrefs(within(nav).getAllByRole('link'))).toEqual(['/blog/guides']);
    expect(within(nav).getByText('Страница 2')).toBeTruthy();
  });

  it('page 3 of guides (5 posts) is the 404', async () => {
    const { notFound } = await visit('BlogPost', { slug: 'guides', page: '3' });
    expect(notFound).toHaveBeenCalled();
  });
});

describe('a server-rendered blog page', () => {
  it("renders from the loader's data and fetches nothing; another request's data is not taken", async () => {
    const initialData = await loaders.BlogPost({ api: fakeBlogApi() as never, params: { slug: 'basics' }, query: new URLSearchParams(), locale: 'en' });
    const api = fakeBlogApi();
    renderPage(pages.BlogPost, createTestHost({ api, initialData, route: { params: { slug: 'basics' } } }));
    expect(screen.getByTestId('page-title').textContent).toBe('Basics');
    expect(screen.getAllByTestId('blog-post-card')).toHaveLength(3);
    await act(async () => undefined);
    expect(api.blogEntry).not.toHaveBeenCalled();
    expect(api.blogPosts).not.toHaveBeenCalled();
    cleanup();
    renderPage(pages.BlogPost, createTestHost({ api, initialData, route: { params: { slug: 'security' } } }));
    await act(async () => undefined);
    expect(api.blogEntry).toHaveBeenCalledWith({ query: { locale: 'en', slug: 'security' } });
    expect(screen.getByTestId('page-title').textContent).toBe('Security');
  });
});

describe('/roadmap', () => {
  it('the three groups, each a titled section with its items, their period and text', async () => {
    const api = fakeBlogApi();
    renderPage(pages.Roadmap, createTestHost({ lng: 'ru', api }));
    await act(async () => undefined);
    expect(api.contentRoadmap).toHaveBeenCalledWith({ query: { locale: 'ru' } });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Готово', 'В работе', 'В планах']);
    const planned = within(screen.getByRole('region', { name: 'В планах' }));
    expect(planned.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Wallet', 'More cards']);
    expect(planned.getByText('Срок пока не назначен')).toBeTruthy();
    expect(planned.getByText('Pay by card.')).toBeTruthy();
    expect(within(screen.getByTestId('roadmap-group-done')).getAllByTestId('roadmap-item')).toHaveLength(1);
  });

  it("a link in an item's text opens the page inside the app", async () => {
    const host = createTestHost({ lng: 'ru', api: fakeBlogApi() });
    const navigate = jest.fn();
    Object.assign(host, { navigate });
    renderPage(pages.Roadmap, host);
    await act(async () => undefined);
    fireEvent.click(screen.getByRole('link', { name: 'about refunds' }));
    expect(navigate).toHaveBeenCalledWith('/blog/guides/how-refunds-work');
  });
});
