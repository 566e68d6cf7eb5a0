import { cleanup, screen, within } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Blog: ['Blog', 'Блог'],
  BlogPost: ['Blog post', 'Статья блога'],
  Roadmap: ['Roadmap', 'Дорожная карта'],
  Support: ['Support', 'Поддержка'],
  Status: ['Service status', 'Статус сервиса'],
};

describe('mfe-blog ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-blog', titles, (lng) =>
    createTestHost({ lng, route: { params: { slug: 'news/hello' } } }),
  );

  it('Blog: a later page of the list is a labelled navigation with the current page and the way back', () => {
    renderPage(pages.Blog, createTestHost({ route: { params: { page: '3' } } }));
    const nav = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(nav).getByText('Page 3').getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getByRole('link', { name: /Newer articles/ })
        .getAttribute('href'),
    ).toBe('/blog/page2');
    expect(within(nav).getByRole('link', { name: 'First page' }).getAttribute('href')).toBe('/blog');
  });

  it('Blog: the first page has no page navigation; its empty state is a titled section under the page title', () => {
    renderPage(pages.Blog, createTestHost());
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'No articles yet' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'No articles yet' }).textContent).toContain('next release');
  });

  it('a category list goes back to its own newer page; a post links back to all articles', () => {
    renderPage(pages.BlogPost, createTestHost({ lng: 'ru', route: { params: { slug: 'news', page: '2' } } }));
    const nav = screen.getByRole('navigation', { name: 'Страницы блога' });
    expect(
      within(nav)
        .getByRole('link', { name: /Более новые статьи/ })
        .getAttribute('href'),
    ).toBe('/blog/news');
    expect(within(nav).queryByRole('link', { name: 'Первая страница' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Все статьи' }).getAttribute('href')).toBe('/blog');
  });

  it('Roadmap: what is available now and what comes next, each a titled list', () => {
    renderPage(pages.Roadmap, createTestHost());
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Available now', 'Coming next']);
    expect(within(screen.getByRole('region', { name: 'Available now' })).getAllByRole('listitem')).toHaveLength(4);
    expect(within(screen.getByRole('region', { name: 'Coming next' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('Support: help with an order, and a link to the documentation', () => {
    renderPage(pages.Support, createTestHost({ lng: 'ru' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Вопрос по заказу?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть документацию' }).getAttribute('href')).toBe('/docs');
  });
});
