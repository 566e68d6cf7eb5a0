import { isPopularSnapshot, loadPopularSnapshot, PopularExchangesStore, type PopularExchangesApi } from './PopularExchangesStore';
import { BTC, ETH, USD, USDT, pairData } from '../test/fixtures';

const entry = (from: string, to: string, isActive = true) => ({
  fromBestChangeCurrencyName: from.toUpperCase(),
  toBestChangeCurrencyName: to.toUpperCase(),
  fromSlug: from,
  toSlug: to,
  isActive,
});

function setup(over: Partial<Record<keyof PopularExchangesApi, jest.Mock>> = {}) {
  const api = {
    popularExchanges: jest.fn(async () => [entry('btc', 'usdttrc20'), entry('usd', 'btc'), entry('xmr', 'btc', false)]),
    instrumentsV2: jest.fn(async () => [BTC, ETH, USD, USDT]),
    rateOne: jest.fn(async ({ query }: { query: { instrumentFromSlug: string } }) =>
      query.instrumentFromSlug === 'usd' ? pairData(USD, BTC, { price: '0.0000105' }) : pairData(BTC, USDT, { price: '95000.5' }),
    ),
    ...over,
  };
  return { api, store: new PopularExchangesStore(api as unknown as PopularExchangesApi) };
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('PopularExchangesStore (§3 popular exchanges, issue 25: names and rates)', () => {
  it('lists the active pairs with their instruments and the current rate of each', async () => {
    const { store, api } = setup();
    await store.load();
    expect(store.status).toBe('ready');
    expect(store.pairs.map((p) => [p.key, p.from?.currencyFriendlyTitle, p.to?.networkTitle, p.rate.state])).toEqual([
      ['btc-usdttrc20', 'Bitcoin', 'TRC20', 'ready'],
      ['usd-btc', 'US dollar', 'BTC', 'ready'],
    ]);
    // one public quote per pair at its default amount, floating (a card purchase has no fixed rate)
    expect(api.rateOne).toHaveBeenCalledTimes(2);
    expect(api.rateOne).toHaveBeenCalledWith({ query: { instrumentFromSlug: 'usd', instrumentToSlug: 'btc', rateMode: 'FLOATING' } });
    const usd = store.pairs[1].rate;
    expect(usd.state === 'ready' && usd.pair.price).toBe('0.0000105');
  });

  it('a pair whose rate fails shows without one; the others keep theirs', async () => {
    const { store } = setup({
      rateOne: jest.fn(async ({ query }: { query: { instrumentFromSlug: string } }) => {
        if (query.instrumentFromSlug === 'usd') throw new Error('503');
        return pairData(BTC, USDT);
      }),
    });
    await store.load();
    expect(store.pairs.map((p) => p.rate.state)).toEqual(['ready', 'failed']);
  });

  it('without the instrument list the pairs still show, by the api’s names', async () => {
    const { store } = setup({ instrumentsV2: jest.fn(async () => Promise.reject(new Error('down'))) });
    await store.load();
    expect(store.status).toBe('ready');
    expect(store.pairs.map((p) => [p.from, p.fromFallbackName])).toEqual([
      [null, 'BTC'],
      [null, 'USD'],
    ]);
  });

  it('empty and failed lists say so', async () => {
    const empty = setup({ popularExchanges: jest.fn(async () => [entry('xmr', 'btc', false)]) });
    await empty.store.load();
    expect(empty.store.status).toBe('empty');
    expect(empty.api.rateOne).not.toHaveBeenCalled();
    const failed = setup({ popularExchanges: jest.fn(async () => Promise.reject(new Error('404'))) });
    await failed.store.load();
    expect(failed.store.status).toBe('failed');
  });

  it('a disposed store ignores answers that arrive after', async () => {
    const answers: ((v: unknown) => void)[] = [];
    const { store } = setup({ rateOne: jest.fn(() => new Promise((r) => answers.push(r))) });
    const loading = store.load();
    await new Promise((r) => setTimeout(r, 0));
    store.dispose();
    for (const answer of answers) answer(pairData(BTC, USDT));
    await loading;
    expect(store.pairs.every((p) => p.rate.state === 'loading')).toBe(true);
  });
});

describe('the server’s first load of the list (issue 27: server-rendered /popular-exchanges)', () => {
  it('is what the browser’s store loads, as JSON: the active pairs, the instruments they name, each rate', async () => {
    const { api } = setup();
    const snapshot = await loadPopularSnapshot(api as unknown as PopularExchangesApi);
    expect(isPopularSnapshot(snapshot)).toBe(true);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    // ETH is in the instrument list but in no pair: not carried in the page
    expect(snapshot?.instruments.map((i) => i.slug).sort()).toEqual(['btc', 'usd', 'usdttrc20']);
    expect(snapshot?.items.map((p) => `${p.fromSlug}-${p.toSlug}`)).toEqual(['btc-usdttrc20', 'usd-btc']);

    const browser = setup().store;
    await browser.load();
    const restored = new PopularExchangesStore(setup().api as unknown as PopularExchangesApi);
    restored.restore(snapshot!);
    expect(restored.status).toBe('ready');
    expect(restored.pairs).toEqual(browser.pairs);
  });

  it('a rate carries only what its line shows (price, codes, the receive coin’s decimals)', async () => {
    const { store } = setup();
    await store.load();
    expect(store.pairs[0].rate).toEqual({
      state: 'ready',
      pair: { price: '95000.5', instrumentFrom: { currencyTitle: 'BTC' }, instrumentTo: { currencyTitle: 'USDT', precisionDecimals: USDT.precisionDecimals } },
    });
  });

  it('a failed rate stays failed; an empty list is empty; a list that does not load is left to the browser', async () => {
    const failedRate = setup({ rateOne: jest.fn(async () => Promise.reject(new Error('503'))) });
    const withFailed = await loadPopularSnapshot(failedRate.api as unknown as PopularExchangesApi);
    const restored = new PopularExchangesStore(failedRate.api as unknown as PopularExchangesApi);
    restored.restore(withFailed!);
    expect(restored.pairs.map((p) => p.rate.state)).toEqual(['failed', 'failed']);

    const empty = setup({ popularExchanges: jest.fn(async () => [entry('xmr', 'btc', false)]) });
    const emptySnapshot = await loadPopularSnapshot(empty.api as unknown as PopularExchangesApi);
    expect(emptySnapshot).toMatchObject({ items: [], rates: [] });
    const restoredEmpty = new PopularExchangesStore(empty.api as unknown as PopularExchangesApi);
    restoredEmpty.restore(emptySnapshot!);
    expect(restoredEmpty.status).toBe('empty');

    const down = setup({ popularExchanges: jest.fn(async () => Promise.reject(new Error('404'))) });
    expect(await loadPopularSnapshot(down.api as unknown as PopularExchangesApi)).toBeUndefined();
  });
});
