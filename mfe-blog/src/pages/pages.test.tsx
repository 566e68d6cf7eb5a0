import { cleanup, screen } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost, renderPage } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Blog: ['Blog', 'Блог'],
  // a post's or category's own title once loaded; the blog's while loading (this host's api never answers)
  BlogPost: ['Blog', 'Блог'],
  Roadmap: ['Roadmap', 'Дорожная карта'],
  Support: ['Support', 'Поддержка'],
  Status: ['Service status', 'Статус сервиса'],
};

describe('mfe-blog ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-blog', titles, (lng) =>
    createTestHost({ lng, route: { params: { slug: 'news/hello' } } }),
  );

  it('Support: help with an order, and a link to the documentation', () => {
    renderPage(pages.Support, createTestHost({ lng: 'ru' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Вопрос по заказу?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть документацию' }).getAttribute('href')).toBe('/docs');
  });
});
