import { ApiError, type ApiClient, type ExchangeRequest } from 'shared-contracts';
import { BTC, ETH, USDT, pairData } from '../test/fixtures';
import { isExchangeSnapshot } from '../features/exchange/exchangeSnapshot';
import { loaders } from './loaders';

function fakeApi(over: Partial<Record<'rateOne' | 'instrumentsV2', unknown>> = {}) {
  const api = {
    instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
    ),
    ...over,
  };
  return api as typeof api & ApiClient;
}

const ctx = <P extends object = Record<string, never>>(api: ApiClient, query = '', params = {} as P) => ({
  api,
  query: new URLSearchParams(query),
  params,
  locale: 'en' as const,
});

describe('exchange page loaders (the server-rendered first view)', () => {
  it('home: the default pair and amount with its rate, as JSON the page takes back', async () => {
    const api = fakeApi();
    const data = await loaders.Home(ctx(api));
    expect(isExchangeSnapshot(data)).toBe(true);
    expect(data).toMatchObject({ from: 'btc', to: 'eth', amount: '0.5', unknownSlugs: [], rateError: null });
    expect(data?.pairData?.price).toBe('20.412345678');
    expect(api.rateOne).toHaveBeenCalledWith({
      query: { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.5', rateMode: 'FLOATING' },
    });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it('home: the query chooses the pair and amount', async () => {
    const data = await loaders.Home(ctx(fakeApi(), 'send=eth&receive=usdttrc20&amount=3'));
    expect(data).toMatchObject({ from: 'eth', to: 'usdttrc20', amount: '3' });
    expect(data?.pairData?.instrumentTo.slug).toBe('usdttrc20');
  });

  it('pair page: the pair of the path, the amount of the query', async () => {
    const data = await loaders.ExchangePair(ctx(fakeApi(), 'amount=2', { pair: 'exchange-eth-btc', from: 'ETH', to: 'btc' }));
    expect(data).toMatchObject({ from: 'eth', to: 'btc', amount: '2', unknownSlugs: [] });
    expect(data?.pairData?.instrumentFrom.slug).toBe('eth');
  });

  it('pair page with an unknown code: says so, without asking for a rate', async () => {
    const api = fakeApi();
    const data = await loaders.ExchangePair(ctx(api, '', { pair: 'exchange-nope-eth', from: 'nope', to: 'eth' }));
    expect(data).toMatchObject({ unknownSlugs: ['nope'], pairData: null });
    expect(api.rateOne).not.toHaveBeenCalled();
  });

  it('a refused rate (below the minimum) travels as the api error', async () => {
    const refused = ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'too small', { details: { expectedAmount: '0.01' } });
    const data = await loaders.Home(ctx(fakeApi({ rateOne: jest.fn(async () => Promise.reject(refused)) }), 'amount=0.0001'));
    expect(data).toMatchObject({ pairData: null, rateError: { code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', details: { expectedAmount: '0.01' } } });
  });

  it('the §2 index redirect query: no data (the browser redirects)', async () => {
    const api = fakeApi();
    expect(await loaders.Home(ctx(api, 'cur_from=BTC&cur_to=ETH&ref=p1'))).toBeUndefined();
    expect(api.instrumentsV2).not.toHaveBeenCalled();
  });

  it('instruments that do not load: the loader fails (the browser loads and shows its error)', async () => {
    await expect(loaders.Home(ctx(fakeApi({ instrumentsV2: jest.fn(async () => Promise.reject(new Error('down'))) })))).rejects.toThrow('down');
  });
});
