import { ApiError, type ApiClient } from 'shared-contracts';
import { fakeDocsApi, NAV } from '../../test/docsFixtures';
import { DocsStore } from './DocsStore';
import { loadDocsView } from './docsView';

const api = (calls: string[] = []) => fakeDocsApi({ calls }) as unknown as ApiClient;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('DocsStore', () => {
  it('starts ready from the loader data of the same slug and locale, fetching nothing', async () => {
    const calls: string[] = [];
    const initial = await loadDocsView(api(), { locale: 'en', slug: 'orders' });
    const store = new DocsStore(api(calls), { locale: 'en', slug: 'orders' }, initial);
    store.show({ locale: 'en', slug: 'orders' });
    await settle();
    expect(store.state).toEqual({ kind: 'ready', view: initial });
    expect(calls).toEqual([]);
  });

  it('fetches after a client navigation (no loader data), then again for another slug or locale', async () => {
    const calls: string[] = [];
    const store = new DocsStore(api(calls), { locale: 'en', slug: 'orders' }, undefined);
    expect(store.state.kind).toBe('loading');
    store.show({ locale: 'en', slug: 'orders' });
    await settle();
    expect(store.state.kind === 'ready' && store.state.view.kind === 'article' && store.state.view.page.title).toBe('Page orders');
    store.show({ locale: 'ru', slug: 'errors' });
    expect(store.state.kind).toBe('loading');
    await settle();
    expect(store.state.kind === 'ready' && store.state.view.kind === 'article' && store.state.view.nav).toEqual(NAV.ru);
    expect(calls).toEqual(['docsNav en', 'docsPage en orders', 'docsNav ru', 'docsPage ru errors']);
  });

  it('an unknown slug is a not-found view (the page reports the §2 404)', async () => {
    const store = new DocsStore(api(), { locale: 'en', slug: 'nope' }, undefined);
    store.show({ locale: 'en', slug: 'nope' });
    await settle();
    expect(store.state).toEqual({ kind: 'ready', view: { kind: 'not-found', locale: 'en', slug: 'nope' } });
  });

  it('the API reference and Redoc’s own links under it show the api-reference page', async () => {
    const calls: string[] = [];
    const view = await loadDocsView(api(calls), { locale: 'en', slug: 'api-reference/tag/partner' });
    expect(view.kind === 'article' && view.page.slug).toBe('api-reference');
    expect(calls).toContain('docsPage en api-reference');
  });

  it('a failure shows the catalogue error, and a retry loads the page', async () => {
    let fail = true;
    const flaky = {
      ...fakeDocsApi(),
      docsNav: async () => {
        if (fail) throw new ApiError({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'down' });
        return NAV.en;
      },
    } as unknown as ApiClient;
    const store = new DocsStore(flaky, { locale: 'en', slug: null }, undefined);
    store.show({ locale: 'en', slug: null });
    await settle();
    expect(store.state.kind === 'failed' && store.state.error.code).toBe('ERR_SERVICE_UNAVAILABLE');
    fail = false;
    store.retry();
    await settle();
    expect(store.state).toEqual({ kind: 'ready', view: { kind: 'home', locale: 'en', slug: null, nav: NAV.en } });
  });

  it('a late answer for a slug left behind never replaces the newer one', async () => {
    let release: () => void = () => undefined;
    const slow = {
      ...fakeDocsApi(),
      docsPage: ({ query }: { query: { slug: string } }) =>
        query.slug === 'orders'
          ? new Promise((resolve) => (release = () => resolve(fakeDocsApi().docsPage({ query: { locale: 'en', slug: 'orders' } }))))
          : fakeDocsApi().docsPage({ query: { locale: 'en', slug: query.slug } }),
    } as unknown as ApiClient;
    const store = new DocsStore(slow, { locale: 'en', slug: 'orders' }, undefined);
    store.show({ locale: 'en', slug: 'orders' });
    store.show({ locale: 'en', slug: 'errors' });
    await settle();
    release();
    await settle();
    expect(store.state.kind === 'ready' && store.state.view.kind === 'article' && store.state.view.page.slug).toBe('errors');
  });
});
