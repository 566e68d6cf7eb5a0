/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// Every page as the shell's server renders it: in Node (no window, document, timers or sockets) and without loader
// data (its data loads after hydration), nothing fetched during render.
import { renderToString } from 'react-dom/server';
import { itRendersEveryPageOnTheServer } from 'remote-kit/server-testing';
import { createTestHost } from '../test/testHost';
import { fakeDocsApi } from '../test/docsFixtures';
import { loaders } from './loaders';
import { pages } from './index';

describe('server render of the mfe-docs pages', () => {
  itRendersEveryPageOnTheServer('mfe_docs', pages, createTestHost);
});

jest.mock('../features/reference/RedocView', () => {
  throw new Error('Redoc must not be imported by the server render');
});

describe('server render of the docs pages with their loader data', () => {
  it.each(['en', 'ru'] as const)('%s: a guide: sidebar, headings and text in the first response', async (locale) => {
    const initialData = await loaders.DocsPage({ api: fakeDocsApi() as never, locale, params: { slug: 'orders' }, query: new URLSearchParams() });
    const html = renderToString(
      <pages.DocsPage host={createTestHost({ lng: locale, initialData, route: { path: '/docs/orders', params: { slug: 'orders' } } })} />,
    );
    expect(html).toContain('data-testid="docs-sidebar"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('<h2 id="first-step">First step</h2>');
    expect(html).toContain(locale === 'ru' ? 'Страница orders' : 'Page orders');
  });

  it('the API reference: its intro, the try-it form and a placeholder; Redoc is not part of the server render', async () => {
    const initialData = await loaders.DocsPage({ api: fakeDocsApi() as never, locale: 'en', params: { slug: 'api-reference' }, query: new URLSearchParams() });
    const html = renderToString(
      <pages.DocsPage host={createTestHost({ initialData, route: { path: '/docs/api-reference', params: { slug: 'api-reference' } } })} />,
    );
    expect(html).toContain('Intro of api-reference');
    expect(html).toContain('data-testid="try-it-form"');
    expect(html).toContain('data-testid="api-reference-placeholder"');
  });
});
