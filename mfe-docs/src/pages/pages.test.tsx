import { cleanup, screen } from '@testing-library/react';
import { loadResources, namespace, pages } from './index';
import { createTestHost } from '../test/testHost';
import { renderPage } from 'remote-kit/testing';
import { itExportsPagesWithTitles } from 'remote-kit/testing';

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Docs: ['Documentation', 'Документация'],
  DocsPage: ['API documentation', 'Документация API'],
};

describe('mfe-docs ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-docs', titles, (lng) => createTestHost({ lng, route: { params: { slug: 'orders' } } }));

  it('Docs: the API reference and where to ask, each a titled section under the page title', () => {
    renderPage(pages.Docs, createTestHost());
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['API reference', 'Need a hand?']);
    expect(screen.getByRole('link', { name: 'Go to support' }).getAttribute('href')).toBe('/support');
  });

  it('a documentation page names its section and leads back to the documentation', () => {
    renderPage(pages.DocsPage, createTestHost({ lng: 'ru', route: { params: { slug: 'api/orders' } } }));
    expect(screen.getByText('Раздел: api/orders')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вся документация' }).getAttribute('href')).toBe('/docs');
  });
});
