import { cleanup, screen } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Blog: ['Blog', 'Блог'],
  BlogPost: ['Blog post', 'Статья блога'],
  Roadmap: ['Roadmap', 'Дорожная карта'],
  Support: ['Support', 'Поддержка'],
};

describe('mfe-blog ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-blog', titles, (lng) =>
    createTestHost({ lng, route: { params: { slug: 'news/hello' } } }),
  );

  it('Blog shows the page number of a paginated list', () => {
    renderPage(pages.Blog, createTestHost({ route: { params: { page: '3' } } }));
    expect(screen.getByText('Page 3')).toBeTruthy();
  });
});
