import { cleanup } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost } from '../test/testHost';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Blog: ['Blog', 'Блог'],
  // a post's or category's own title once loaded; the blog's while loading (this host's api never answers)
  BlogPost: ['Blog', 'Блог'],
  Roadmap: ['Roadmap', 'Дорожная карта'],
  Support: ['Support', 'Поддержка'],
  Status: ['Service status', 'Статус сервиса'],
  // the test host's slug (news/hello) is no legal document: the generic title (and a 404)
  Legal: ['Legal information', 'Правовая информация'],
};

describe('mfe-blog ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-blog', titles, (lng) =>
    createTestHost({ lng, route: { params: { slug: 'news/hello' } } }),
  );
});
