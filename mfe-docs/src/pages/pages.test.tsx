import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { itExportsPagesWithTitles, renderPage } from 'remote-kit/testing';
import { createTestHost } from '../test/testHost';
import { docsPage, fakeDocsApi, NAV } from '../test/docsFixtures';
import { loaders } from './loaders';
import { loadResources, namespace, pages } from './index';

jest.mock('../features/reference/RedocView', () => ({ RedocView: () => <div>redoc rendered</div> }));

afterEach(cleanup);

const titles: Record<string, [string, string]> = {
  Docs: ['Documentation', 'Документация'],
  // without data (a client navigation still loading) a guide shows the documentation's title
  DocsPage: ['Documentation', 'Документация'],
};

const settle = () => act(async () => undefined);

describe('mfe-docs ./pages', () => {
  itExportsPagesWithTitles({ namespace, pages, loadResources }, 'mfe-docs', titles, (lng) => createTestHost({ lng, route: { params: { slug: 'orders' } } }));

  it('Docs: the intro, each section’s pages as a card, the sidebar, and where to ask', async () => {
    const initialData = await loaders.Docs({ api: fakeDocsApi() as never, locale: 'en', params: {}, query: new URLSearchParams() });
    renderPage(pages.Docs, createTestHost({ initialData }));
    expect(screen.getByTestId('page-title').textContent).toBe('Documentation');
    const cards = screen.getAllByTestId('docs-home-section');
    expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual(['Start', 'Guides', 'Reference']);
    expect(within(cards[1]).getByRole('link', { name: 'Errors' }).getAttribute('href')).toBe('/docs/errors');
    expect(screen.getByRole('complementary', { name: 'Documentation sections' })).toBeTruthy();
    expect(screen.getByTestId('docs-nav-home').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Go to support' }).getAttribute('href')).toBe('/support');
  });

  it('a guide (ru): title, sidebar with the page current, on-this-page headings, the HTML, links navigate client-side', async () => {
    const api = fakeDocsApi();
    const initialData = await loaders.DocsPage({ api: api as never, locale: 'ru', params: { slug: 'orders' }, query: new URLSearchParams() });
    const host = createTestHost({ lng: 'ru', initialData, route: { path: '/docs/orders', params: { slug: 'orders' } }, api });
    const navigate = jest.spyOn(host, 'navigate');
    renderPage(pages.DocsPage, host);
    expect(screen.getByTestId('page-title').textContent).toBe('Страница orders');
    const current = screen.getAllByTestId('docs-nav-link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Создание и отслеживание заявок']);
    expect(current[0].getAttribute('href')).toBe('/ru/docs/orders');
    const toc = screen.getByRole('navigation', { name: 'На этой странице' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/ru/docs/orders#first-step', '/ru/docs/orders#detail', '/ru/docs/orders#second-step']);
    const content = screen.getByTestId('docs-content');
    expect(content.querySelector('h2#first-step')).not.toBeNull();
    expect(content.querySelector('table')).not.toBeNull();
    fireEvent.click(within(content).getByRole('link', { name: 'the errors' }));
    expect(navigate).toHaveBeenCalledWith('/docs/errors');
    fireEvent.click(within(toc).getByRole('link', { name: 'Detail' }));
    expect(navigate).toHaveBeenLastCalledWith('/docs/orders#detail');
    expect(screen.queryByTestId('docs-fallback')).toBeNull();
  });

  it('a page shown in English for ru says so', () => {
    const initialData = { kind: 'article', locale: 'ru', slug: 'orders', nav: NAV.ru, page: docsPage('orders', 'en', { fallback: true }) };
    renderPage(pages.DocsPage, createTestHost({ lng: 'ru', initialData, route: { params: { slug: 'orders' } } }));
    expect(screen.getByTestId('docs-fallback').textContent).toBe('Перевода этой страницы пока нет, поэтому она показана на английском.');
  });

  it('after a client navigation the page fetches its own data in the shown locale', async () => {
    const calls: string[] = [];
    renderPage(pages.DocsPage, createTestHost({ api: fakeDocsApi({ calls }), route: { path: '/docs/errors', params: { slug: 'errors' } } }));
    expect(screen.getByTestId('page-title').textContent).toBe('Documentation');
    await settle();
    expect(screen.getByTestId('page-title').textContent).toBe('Page errors');
    expect(calls).toEqual(['docsNav en', 'docsPage en errors']);
  });

  it('an unknown slug reports the §2 404 to the shell', async () => {
    const host = createTestHost({ api: fakeDocsApi(), route: { params: { slug: 'no-such-page' } } });
    const notFound = jest.spyOn(host, 'notFound').mockImplementation(() => undefined);
    renderPage(pages.DocsPage, host);
    await settle();
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it('the API reference: its intro, the try-it console and a placeholder, then Redoc after mount', async () => {
    const initialData = await loaders.DocsPage({ api: fakeDocsApi() as never, locale: 'en', params: { slug: 'api-reference' }, query: new URLSearchParams() });
    const api = { ...fakeDocsApi(), openApiDocument: async () => ({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }) };
    renderPage(pages.DocsPage, createTestHost({ initialData, api, route: { path: '/docs/api-reference', params: { slug: 'api-reference' } } }));
    expect(screen.getByTestId('page-title').textContent).toBe('Page api-reference');
    expect(screen.getByTestId('try-it')).toBeTruthy();
    await settle();
    expect(screen.getByTestId('api-reference').getAttribute('data-state')).toBe('ready');
    expect(screen.getByText('redoc rendered')).toBeTruthy();
  });
});
