import { RELOAD_GUARD_KEY, type ExchangeRequest } from 'shared-contracts';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { ExchangeRootStore } from './ExchangeRootStore';
import { ExchangeFormStore } from './ExchangeFormStore';
import { HomeExtrasStore } from './homeExtras/HomeExtrasStore';
import { RatesSocket } from './RatesSocket';
import { PopularExchangesRootStore } from '../../popular/PopularExchangesRootStore';
import { PopularExchangesStore } from '../../popular/PopularExchangesStore';
import { ExchangeDetailsStore } from './details/ExchangeDetailsStore';
import { CardFlowStore } from './cardFlow/CardFlowStore';
import { BTC, ETH, USDT, pairData } from '../../test/fixtures';
import { loadExchangeSnapshot } from './exchangeSnapshot';
import { DRAFT_SAVE_DELAY_MS, type DraftPlace } from './formDraft';

function makeApi() {
  return {
    instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest }) =>
      pairData([BTC, ETH, USDT].find((i) => i.slug === query.instrumentFromSlug)!, [BTC, ETH, USDT].find((i) => i.slug === query.instrumentToSlug)!),
    ),
    ordersPublicLatest: jest.fn(async () => []),
    statsPublic: jest.fn(async () => ({ ordersCompleted: 1, volumeUsd: '1', instrumentsCount: 3 })),
    statusPage: jest.fn(async () => ({ current: 'OK' as const, checkedAt: '2030-01-01T00:00:00Z', days: [], incidents: [] })),
    popularExchanges: jest.fn(async () => [
      { fromBestChangeCurrencyName: 'BTC', toBestChangeCurrencyName: 'ETH', fromSlug: 'btc', toSlug: 'eth', isActive: true },
    ]),
    recommendedAmount: jest.fn(async () => ({ recommendedAmount: '0.5' })),
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
    cardFlow: async () =>
      new CardFlowStore({
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
    extrasApi: api as never,
    loadDetails: async () => detailsFactory,
  });
  return { api, root };
}

describe('ExchangeRootStore: one root store per page mount', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('owns the feature stores; the constructor starts nothing (render-safe), start() loads the form and details, the extras load when asked (in view)', async () => {
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
    // home's extras are below the fold: nothing of them until a part of them is in view
    expect(api.ordersPublicLatest).not.toHaveBeenCalled();
    expect(root.details).toBeInstanceOf(ExchangeDetailsStore);
    expect(FakeWebSocket.instances).toHaveLength(1); // the first rate subscribed the socket
    await root.start(); // once per root
    await Promise.all([root.extras?.ensureLoaded(), root.extras?.ensureLoaded()]);
    expect(api.ordersPublicLatest).toHaveBeenCalledTimes(1);
    // once: the popular pairs beside the form are named with the form's instruments
    expect(api.instrumentsV2).toHaveBeenCalledTimes(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(root.extras?.popular?.pairs[0]).toMatchObject({ from: BTC, to: ETH, rate: { state: 'ready' } });
    expect(root.extras?.status).toBe('OK');
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
    expect(root.form.rateText).toBe('1 ETH = 21.00000000 BTC');
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

describe('§4/§8 the form survives a new-build or chunk-error reload (issue 23)', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  const NOW = 1_800_000_000_000;
  /** A session storage and a location shared by the page before the reload and the page after it. */
  function browser(pathname = '/', search = '') {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    const location = { pathname, search };
    let now = NOW;
    const place: DraftPlace = { storage, location, now: () => now };
    return {
      place,
      items,
      location,
      tick: (ms: number) => (now += ms),
      /** what the shell writes just before reloading the page for an update (10 s guard) */
      guardReload: () => items.set(RELOAD_GUARD_KEY, JSON.stringify({ [location.pathname + location.search]: now + 10_000 })),
    };
  }
  function page(b: ReturnType<typeof browser>, api = makeApi()) {
    const root = new ExchangeRootStore({
      api: api as never,
      wsUrl: 'ws://test/ws',
      createSocket: fakeSocketFactory,
      initial: { from: 'btc', to: 'eth', amount: '0.5' },
      loadDetails: async () => detailsFactory,
      draft: () => b.place,
    });
    return { api, root };
  }
  const wait = (ms: number) => jest.advanceTimersByTimeAsync(ms);

  async function typeADraft(b: ReturnType<typeof browser>) {
    const before = page(b).root;
    await before.start();
    await wait(0);
    before.form.setTo('usdttrc20');
    before.form.setRateMode('FIXED');
    before.form.setReceiveAmount('150');
    before.details!.set('destinationAddress', 'TXyz123');
    before.details!.set('refundAddress', 'bc1qrefund');
    before.details!.set('refundMemo', '42');
    before.details!.setEmail('me@example.com');
    await wait(DRAFT_SAVE_DELAY_MS);
    before.dispose();
  }

  it('pair, rate mode, active side, amounts, addresses and memo come back after the shell reloads this address', async () => {
    const b = browser('/', '?send=btc&receive=eth');
    await typeADraft(b);
    const saved = b.items.get('mfe_exchange:form-draft')!;
    expect(saved).toContain('TXyz123');
    expect(saved).not.toContain('me@example.com'); // never the email (nor any secret)
    b.guardReload();

    const { api, root } = page(b);
    await root.start();
    await wait(0);
    const f = root.form;
    expect([f.from?.slug, f.to?.slug, f.rateMode, f.activeSide, f.valueToReceive]).toEqual(['btc', 'usdttrc20', 'FIXED', 'receive', '150']);
    expect(api.rateOne.mock.calls.at(-1)![0].query).toMatchObject({
      instrumentToSlug: 'usdttrc20',
      claimedDepositAmount: '150',
      claimedDepositAmountCurrency: 'usdttrc20',
      rateMode: 'FIXED',
    });
    expect(root.details!.destinationAddress).toBe('TXyz123');
    expect([root.details!.refundAddress, root.details!.refundMemo]).toEqual(['bc1qrefund', '42']);
    expect(root.details!.email).toBe('');
    root.dispose();
  });

  it('a plain visit or reload, an expired guard, or another page starts from the address as always', async () => {
    for (const variant of ['no guard', 'expired guard', 'another page'] as const) {
      const b = browser('/');
      await typeADraft(b);
      if (variant !== 'no guard') b.guardReload();
      if (variant === 'expired guard') b.tick(10_001);
      if (variant === 'another page') {
        b.location.pathname = '/exchange-btc-eth';
        b.guardReload();
      }
      const { root } = page(b);
      await root.start();
      await wait(0);
      expect([root.form.to?.slug, root.form.rateMode, root.form.valueToSend]).toEqual(['eth', 'FLOATING', '0.5']);
      expect(root.details!.destinationAddress).toBe('');
      root.dispose();
    }
  });
});

describe('PopularExchangesRootStore', () => {
  it('owns the list store, loads it on start() only, and disposes it', async () => {
    const api = { popularExchanges: jest.fn(async () => []), instrumentsV2: jest.fn(async () => []), rateOne: jest.fn() };
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
