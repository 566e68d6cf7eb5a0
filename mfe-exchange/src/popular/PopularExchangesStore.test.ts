import { PopularExchangesStore, type PopularExchangesApi } from './PopularExchangesStore';
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
