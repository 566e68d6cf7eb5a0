import { ApiError } from 'shared-contracts';
import { BTC, ETH, USDT, pairData } from '../../../test/fixtures';
import { HOME_POPULAR_PAIRS, HomeExtrasStore } from './HomeExtrasStore';

const item = {
  from: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  to: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  amountFrom: '0.1',
  amountTo: '2',
  completedAt: '2030-01-01T00:00:00Z',
};

const popular = (fromSlug: string, toSlug: string) => ({
  fromBestChangeCurrencyName: fromSlug.toUpperCase(),
  toBestChangeCurrencyName: toSlug.toUpperCase(),
  fromSlug,
  toSlug,
  isActive: true,
});

function makeApi() {
  const all = [BTC, ETH, USDT];
  return {
    ordersPublicLatest: jest.fn(async () => [item]),
    statsPublic: jest.fn(async () => ({ ordersCompleted: 3, volumeUsd: '100', instrumentsCount: 20 })),
    statusPage: jest.fn(async () => ({ current: 'OK' as const, checkedAt: '2030-01-01T00:00:00Z', days: [], incidents: [] })),
    instrumentsV2: jest.fn(async () => all),
    popularExchanges: jest.fn(async () => [
      popular('btc', 'eth'),
      popular('eth', 'btc'),
      popular('btc', 'usdttrc20'),
      popular('usdttrc20', 'btc'),
      popular('eth', 'usdttrc20'),
      popular('usdttrc20', 'eth'),
      popular('btc', 'eth'),
    ]),
    rateOne: jest.fn(async ({ query }: { query: { instrumentFromSlug: string; instrumentToSlug: string } }) =>
      pairData(all.find((i) => i.slug === query.instrumentFromSlug)!, all.find((i) => i.slug === query.instrumentToSlug)!),
    ),
  };
}

describe('HomeExtrasStore', () => {
  it('loads latest exchanges and stats; one failing part does not hide the other', async () => {
    const api = makeApi();
    const s = new HomeExtrasStore(api as never);
    await s.load();
    expect(s.latest).toEqual([item]);
    expect(s.stats?.ordersCompleted).toBe(3);
    api.statsPublic.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'x'));
    const t = new HomeExtrasStore(api as never);
    await t.load();
    expect(t.latest).toHaveLength(1);
    expect(t.stats).toBeNull();
  });

  it('beside the form (issue 25): the first popular pairs with their rates, and the service status now', async () => {
    const api = makeApi();
    const s = new HomeExtrasStore(api as never);
    await s.load();
    expect(s.status).toBe('OK');
    expect(s.popular?.pairs).toHaveLength(HOME_POPULAR_PAIRS);
    expect(s.popular?.pairs[0]).toMatchObject({ fromSlug: 'btc', toSlug: 'eth', from: BTC, to: ETH, rate: { state: 'ready' } });
    // only the pairs shown are priced
    expect(api.rateOne).toHaveBeenCalledTimes(HOME_POPULAR_PAIRS);
  });

  it("makes the popular pairs' store only when the extras load (issue 27: its code comes with their chunk), none once disposed", async () => {
    const api = makeApi();
    const s = new HomeExtrasStore(api as never);
    expect(s.popular).toBeNull();
    expect(api.popularExchanges).not.toHaveBeenCalled();
    await s.ensureLoaded();
    expect(s.popular?.status).toBe('ready');
    const gone = new HomeExtrasStore(api as never);
    const loading = gone.ensureLoaded();
    gone.dispose();
    await loading;
    expect(gone.popular).toBeNull();
  });

  it('a status that cannot be loaded is simply not shown', async () => {
    const api = makeApi();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.statusPage.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'x'));
    const s = new HomeExtrasStore(api as never);
    await s.load();
    expect(s.status).toBeNull();
    expect(s.latest).toHaveLength(1);
  });
});
