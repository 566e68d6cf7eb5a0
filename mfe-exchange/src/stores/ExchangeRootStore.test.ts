import type { ExchangeRequest } from 'shared-contracts';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { ExchangeRootStore } from './ExchangeRootStore';
import { ExchangeFormStore } from './ExchangeFormStore';
import { HomeExtrasStore } from './HomeExtrasStore';
import { RatesSocket } from './RatesSocket';
import { PopularExchangesRootStore } from './PopularExchangesRootStore';
import { PopularExchangesStore } from './PopularExchangesStore';
import { ExchangeDetailsStore } from '../details/ExchangeDetailsStore';
import { CardFlowStore } from '../cardFlow/CardFlowStore';
import { BTC, ETH, USDT, pairData } from '../test/fixtures';
import { loadExchangeSnapshot } from './exchangeSnapshot';

function makeApi() {
  return {
    instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
    ),
    ordersPublicLatest: jest.fn(async () => []),
    statsPublic: jest.fn(async () => ({ ordersCompleted: 1, volumeUsd: '1', instrumentsCount: 3 })),
  };
}

const detailsFactory = (form: ExchangeFormStore) =>
  new ExchangeDetailsStore({
    api: { validateAddress: jest.fn(), orderCreate: jest.fn() },
    form,
    session: { isAuthorised: false, account: null },
    navigate: jest.fn(),
    referral: { get: () => undefined, clear: () => undefined },
    localEmail: { get: () => undefined, remember: () => undefined },
    confirmEmail: async () => null,
    utm: () => null,
    fingerprint: async () => 'fp',
    newIdempotencyKey: () => 'k',
    cardFlow: new CardFlowStore({
      api: {} as never,
      session: { isAuthorised: false, account: null, openRegisterDialog: jest.fn() },
      provider: () => 'sandbox',
      locale: () => 'en',
      notifyFlowError: jest.fn(),
    }),
  });

function home(api = makeApi()) {
  const root = new ExchangeRootStore({
    api: api as never,
    wsUrl: 'ws://test/ws',
    createSocket: fakeSocketFactory,
    initial: { from: 'eth', to: 'btc', amount: '2' },
    extrasApi: api,
    loadDetails: async () => detailsFactory,
  });
  return { api, root };
}

describe('ExchangeRootStore: one root store per page mount', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('owns the feature stores; the constructor starts nothing (render-safe), start() loads them all', async () => {
    const { api, root } = home();
    expect(root.form).toBeInstanceOf(ExchangeFormStore);
    expect(root.ratesSocket).toBeInstanceOf(RatesSocket);
    expect(root.extras).toBeInstanceOf(HomeExtrasStore);
    expect(root.details).toBeNull(); // its chunk loads after mount
    expect(api.instrumentsV2).not.toHaveBeenCalled();
    expect(api.ordersPublicLatest).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);

    await root.start();
    expect(root.form.from?.slug).toBe('eth');
    expect(root.form.to?.slug).toBe('btc');
    expect(root.form.amount).toBe('2');
    expect(api.ordersPublicLatest).toHaveBeenCalledTimes(1);
    expect(root.details).toBeInstanceOf(ExchangeDetailsStore);
    expect(FakeWebSocket.instances).toHaveLength(1); // the first rate subscribed the socket
    await root.start(); // once per root
    expect(api.instrumentsV2).toHaveBeenCalledTimes(1);
  });

  it('dispose() disposes every feature store it owns', async () => {
    const { root } = home();
    await root.start();
    const spies = [
      jest.spyOn(root.form, 'dispose'),
      jest.spyOn(root.ratesSocket, 'dispose'),
      jest.spyOn(root.extras!, 'dispose'),
      jest.spyOn(root.details!, 'dispose'),
    ];
    root.dispose();
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
    expect(root.ratesSocket.state).toBe('disposed');
    root.dispose(); // idempotent
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a root disposed before the details chunk arrives makes no details store; the pair page has no extras', async () => {
    let arrive!: (factory: typeof detailsFactory) => void;
    const api = makeApi();
    const root = new ExchangeRootStore({
      api: api as never,
      wsUrl: 'ws://test/ws',
      createSocket: fakeSocketFactory,
      loadDetails: () => new Promise((resolve) => (arrive = resolve)),
    });
    expect(root.extras).toBeNull();
    const started = root.start();
    root.dispose();
    arrive(detailsFactory);
    await started;
    expect(root.details).toBeNull();
    expect(api.ordersPublicLatest).not.toHaveBeenCalled();
  });
});

describe("ExchangeRootStore from the server's snapshot (host.initialData)", () => {
  beforeEach(() => FakeWebSocket.reset());

  it('is built ready with the rate; start() fetches nothing and subscribes the live rates, which take over', async () => {
    const snapshot = await loadExchangeSnapshot(makeApi() as never, { from: 'eth', to: 'btc', amount: '2' });
    const api = makeApi();
    const root = new ExchangeRootStore({ api: api as never, wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory, snapshot });
    expect(root.form.isReady).toBe(true);
    expect(root.form.rateText).toBe('1 ETH = 20.41234567 BTC');
    expect(root.form.valueToReceive).toBe('10.2');
    expect(FakeWebSocket.instances).toHaveLength(0);

    await root.start();
    expect(api.instrumentsV2).not.toHaveBeenCalled();
    expect(api.rateOne).not.toHaveBeenCalled();
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual([{ event: 'pairs.rates', data: root.form.request }]);
    FakeWebSocket.last.message({ channel: 'pairs', event: 'data', data: pairData(ETH, BTC, { price: '21', amountToGet: '42', claimedDepositAmount: '2' }) });
    expect(root.form.rateText).toBe('1 ETH = 21 BTC');
    expect(root.form.valueToReceive).toBe('42');
    root.dispose();
  });

  it('an unknown pair code in the path stays unknown (the page calls notFound) and nothing loads', async () => {
    const snapshot = await loadExchangeSnapshot(makeApi() as never, { from: 'nope', to: 'btc', pairInPath: true });
    const api = makeApi();
    const root = new ExchangeRootStore({ api: api as never, wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory, snapshot });
    await root.start();
    expect(root.form.unknownSlugs).toEqual(['nope']);
    expect(api.rateOne).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});

describe('PopularExchangesRootStore', () => {
  it('owns the list store, loads it on start() only, and disposes it', async () => {
    const api = { popularExchanges: jest.fn(async () => []) };
    const root = new PopularExchangesRootStore({ api });
    expect(root.popular).toBeInstanceOf(PopularExchangesStore);
    expect(api.popularExchanges).not.toHaveBeenCalled();
    await root.start();
    expect(root.popular.status).toBe('empty');
    const dispose = jest.spyOn(root.popular, 'dispose');
    root.dispose();
    expect(dispose).toHaveBeenCalledTimes(1);
  });
});
