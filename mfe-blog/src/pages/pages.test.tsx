import { cleanup, screen } from '@testing-library/react';
import { namespace, pages, resources } from './index';
import { createTestHost, renderPage } from '../test/testHost';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Blog: ['Blog', 'Блог'],
  BlogPost: ['Blog post', 'Статья блога'],
  Roadmap: ['Roadmap', 'Дорожная карта'],
  Support: ['Support', 'Поддержка'],
};

describe('mfe-blog ./pages', () => {
  it('exports the pages, namespace and resources of ARCHITECTURE.md', () => {
    expect(Object.keys(pages).sort()).toEqual(Object.keys(titles).sort());
    expect(namespace).toBe('mfe-blog');
    expect(Object.keys(resources.ru).sort()).toEqual(Object.keys(resources.en).sort());
  });

  it.each(
    Object.entries(titles).flatMap(([name, [en, ru]]) => [
      ['en', name, en],
      ['ru', name, ru],
    ]),
  )('%s %s renders its page-title', (lng, name, title) => {
    renderPage(pages[name as keyof typeof pages], createTestHost({ lng: lng as 'en' | 'ru', route: { params: { slug: 'news/hello' } } }));
    expect(screen.getByTestId('page-title').textContent).toBe(title);
  });

  it('Blog shows the page number of a paginated list', () => {
    renderPage(pages.Blog, createTestHost({ route: { params: { page: '3' } } }));
    expect(screen.getByText('Page 3')).toBeTruthy();
  });
});
