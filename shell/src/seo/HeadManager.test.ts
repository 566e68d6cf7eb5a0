import { HEAD_UPDATE_DEBOUNCE_MS, SEO_TAG_ATTR, type SeoAnswer, type SeoTexts } from 'shared-contracts';
import { HeadManager, type HeadTarget } from './HeadManager';

const texts = (title: string): SeoTexts => ({ title, description: `${title} description`, ogTitle: `${title} og`, ogDescription: `${title} og description` });
const answer = (en: string, ru = en): SeoAnswer => ({ data: { en: texts(en), ru: texts(ru) } });

const pair = (pathname: string, page: string): HeadTarget => ({
  pathname,
  title: 'Exchange',
  seo: { configId: 'exchange-pair', page, locale: pathname.startsWith('/ru') ? 'ru' : 'en', path: `/exchange-${page}`, noindex: false },
});

/** Answers held until the test releases them, in any order. */
function deferredApi() {
  const pending: { body: { config_id: string; params: { page: string } }; resolve(a: SeoAnswer): void; reject(e: unknown): void }[] = [];
  const fetchSeo = jest.fn(
    (body: { config_id: string; params: { page: string } }) => new Promise<SeoAnswer>((resolve, reject) => pending.push({ body, resolve, reject })),
  );
  return { fetchSeo, pending };
}

function setup(initialHead = '<meta charset="utf-8"><title>Exchange</title>', initialPathname = '/') {
  document.head.innerHTML = initialHead;
  const api = deferredApi();
  const manager = new HeadManager({ doc: document, origin: 'https://x.test', initialPathname, fetchSeo: api.fetchSeo });
  return { manager, ...api };
}

const marked = () => [...document.head.querySelectorAll(`[${SEO_TAG_ATTR}]`)];
const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
const settle = () => jest.advanceTimersByTimeAsync(0);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('HeadManager: the §2 head on client navigation', () => {
  it('shows the shell title at once, then applies the texts, replacing only the marked tags', async () => {
    const { manager, fetchSeo, pending } = setup(
      `<meta charset="utf-8"><title ${SEO_TAG_ATTR}>Old</title><meta ${SEO_TAG_ATTR} name="description" content="old">`,
      '/blog',
    );
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    expect(document.title).toBe('Exchange');
    expect(fetchSeo).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    expect(fetchSeo).toHaveBeenCalledWith({ config_id: 'exchange-pair', params: { page: 'btc-eth' } });
    pending[0].resolve(answer('Exchange BTC to ETH'));
    await settle();

    expect(document.title).toBe('Exchange BTC to ETH');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(meta('description')).toBe('Exchange BTC to ETH description');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://x.test/exchange-btc-eth');
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(marked().every((el) => el.hasAttribute(SEO_TAG_ATTR))).toBe(true);
  });

  it('fast navigations within the debounce send one request, for the last page', async () => {
    const { manager, fetchSeo, pending } = setup();
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS - 1);
    manager.show(pair('/exchange-eth-btc', 'eth-btc'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS - 1);
    manager.show(pair('/exchange-ltc-btc', 'ltc-btc'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    expect(fetchSeo).toHaveBeenCalledTimes(1);
    expect(pending[0].body.params.page).toBe('ltc-btc');
  });

  it('ignores an answer that arrives after the visitor moved on', async () => {
    const { manager, pending } = setup();
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    manager.show(pair('/exchange-eth-btc', 'eth-btc'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    pending[1].resolve(answer('ETH to BTC'));
    await settle();
    pending[0].resolve(answer('BTC to ETH'));
    await settle();
    expect(document.title).toBe('ETH to BTC');
  });

  it('after server rendering, does not refetch the head of the first URL, only of the next ones', async () => {
    const { manager, fetchSeo, pending } = setup(`<title ${SEO_TAG_ATTR}>Exchange BTC to ETH</title>`, '/exchange-btc-eth');
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS * 5);
    expect(fetchSeo).not.toHaveBeenCalled();
    expect(document.title).toBe('Exchange BTC to ETH');

    manager.show(pair('/ru/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    expect(fetchSeo).toHaveBeenCalledTimes(1);
    pending[0].resolve(answer('Exchange BTC to ETH', 'Обмен BTC на ETH'));
    await settle();
    expect(document.title).toBe('Обмен BTC на ETH');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://x.test/ru/exchange-btc-eth');
  });

  it('a client-rendered first page (no marked tags) fetches its head', async () => {
    const { manager, fetchSeo } = setup('<title>Exchange</title>', '/exchange-btc-eth');
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    expect(fetchSeo).toHaveBeenCalledTimes(1);
  });

  it('keeps the shell title when the texts cannot be loaded', async () => {
    const { manager, pending } = setup();
    manager.show(pair('/exchange-btc-eth', 'btc-eth'));
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS);
    pending[0].reject(new Error('down'));
    await settle();
    expect(document.title).toBe('Exchange');
  });

  it('a page without SEO texts (404) gets its title and noindex, with no request', async () => {
    const { manager, fetchSeo } = setup(`<title ${SEO_TAG_ATTR}>Home</title><meta ${SEO_TAG_ATTR} name="description" content="home">`);
    manager.show({ pathname: '/nowhere', title: 'Page not found' });
    await jest.advanceTimersByTimeAsync(HEAD_UPDATE_DEBOUNCE_MS * 5);
    expect(fetchSeo).not.toHaveBeenCalled();
    expect(document.title).toBe('Page not found');
    expect(meta('robots')).toBe('noindex');
    expect(meta('description')).toBeUndefined();
  });
});
