import { ApiError, DEFAULT_AMOUNT, type ExchangeRequest } from 'shared-contracts';
import { QuerySync } from './QuerySync';
import { ExchangeRootStore } from './ExchangeRootStore';
import { LIMIT_HEADROOM } from './ExchangeFormStore';
import { FakeWebSocket, fakeSocketFactory } from 'remote-kit/fake-socket';
import { ExactDecimal } from 'remote-kit/format';
import { BTC, ETH, USD, USDT, pairData } from '../../test/fixtures';

const ALL = [BTC, ETH, USDT, USD];

function makeApi() {
  return {
    instrumentsV2: jest.fn(async () => [BTC, ETH, USDT]),
    pairsDefault: jest.fn(async () => ({ instrumentFrom: BTC, instrumentTo: ETH, amount: '0.5' })),
    rateOne: jest.fn(async ({ query }: { query: ExchangeRequest; signal?: AbortSignal }) => {
      const from = ALL.find((i) => i.slug === query.instrumentFromSlug)!;
      const to = ALL.find((i) => i.slug === query.instrumentToSlug)!;
      return pairData(from, to, { claimedDepositAmount: query.claimedDepositAmount! });
    }),
    recommendedAmount: jest.fn(async (_input: { query: Record<string, string> }) => ({ recommendedAmount: '0.5' })),
  };
}

function setup(api = makeApi()) {
  const root = new ExchangeRootStore({ api: api as never, wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory });
  return { api, root, form: root.form };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('ExchangeFormStore', () => {
  beforeEach(() => FakeWebSocket.reset());

  it('loads instruments and the default pair, then the rate, then subscribes the socket', async () => {
    const { api, form, root } = setup();
    await form.init();
    expect(api.instrumentsV2).toHaveBeenCalledWith({ query: {} });
    expect(form.instruments.map((i) => i.slug)).toEqual(['btc', 'eth', 'usdttrc20']);
    expect(form.from?.slug).toBe('btc');
    expect(form.to?.slug).toBe('eth');
    expect(form.amount).toBe('0.5');
    expect(api.rateOne).toHaveBeenCalledWith(
      expect.objectContaining({ query: { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.5', rateMode: 'FLOATING' } }),
    );
    expect(form.status).toBe('ready');
    expect(form.isFirstLoadingSuccess).toBe(true);
    expect(form.rateText).toBe('1 BTC = 20.41234567 ETH');
    expect(form.amountToReceive).toBe('10.2');
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual([{ event: 'pairs.rates', data: form.request }]);
    root.dispose();
  });

  it('route params and a valid query amount win over the default pair', async () => {
    const { form } = setup();
    await form.init({ from: 'ETH', to: 'usdttrc20', amount: '2,5' });
    expect([form.from?.slug, form.to?.slug, form.amount]).toEqual(['eth', 'usdttrc20', '2.5']);
    expect(form.unknownSlugs).toEqual([]);
  });

  it('the pair page reports path codes that are not instruments (its 404) and falls back to the recommended amount', async () => {
    const api = makeApi();
    api.pairsDefault.mockRejectedValueOnce(new Error('down'));
    const { form } = setup(api);
    await form.init({ from: 'doge', to: 'eth', amount: '0', pairInPath: true });
    expect(form.unknownSlugs).toEqual(['doge']);
    expect(form.from?.slug).toBe('btc');
    expect(form.amount).toBe('0.5');
  });

  it('home: an unknown or delisted send/receive in the query falls back to the default pair, no 404 (issue 23)', async () => {
    const { api, form } = setup();
    await form.init({ from: 'nosuchcoin', to: 'delisted' });
    expect(form.unknownSlugs).toEqual([]);
    expect([form.from?.slug, form.to?.slug]).toEqual(['btc', 'eth']);
    expect(form.status).toBe('ready');
    expect(api.rateOne).toHaveBeenCalledTimes(1);
  });

  describe('the default amount (§9 500 for a fiat sender; §7 recommended-amount for a crypto one)', () => {
    it('a crypto sender starts at the api’s recommended amount for the pair', async () => {
      const api = makeApi();
      api.recommendedAmount.mockResolvedValueOnce({ recommendedAmount: '0.00833334' });
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'usdttrc20' });
      expect(api.recommendedAmount).toHaveBeenCalledWith({
        query: { fromCurrency: 'BTC', fromNetwork: 'BTC', toCurrency: 'USDT', toNetwork: 'TRC20', rateMode: 'FLOATING' },
      });
      expect(form.amount).toBe('0.00833334');
      expect(api.rateOne.mock.calls.at(-1)![0].query.claimedDepositAmount).toBe('0.00833334');
    });

    it('a fiat sender starts at 500 without asking; an amount in the query is kept without asking', async () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue(ALL);
      const { form } = setup(api);
      await form.init({ from: 'usd', to: 'btc' });
      expect(form.amount).toBe(DEFAULT_AMOUNT);
      await form.init({ from: 'eth', to: 'btc', amount: '3' });
      expect(form.amount).toBe('3');
      expect(api.recommendedAmount).not.toHaveBeenCalled();
    });

    it('when the recommended amount fails: the default pair’s amount for its own sender, never it for another coin', async () => {
      const api = makeApi();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.recommendedAmount.mockRejectedValue(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'down'));
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'eth' });
      expect(form.amount).toBe('0.5'); // the default pair is 0.5 BTC
      await form.init({ from: 'eth', to: 'btc' });
      expect(form.amount).toBe(''); // 0.5 of the default pair is BTC, not ETH: the visitor types one
      warn.mockRestore();
    });
  });

  describe('picking the coin already on the other side swaps the two (issue 25)', () => {
    it('on the receive side: the send coin moves over, no not-supported popup', async () => {
      const { form, api } = setup();
      await form.init({ from: 'btc', to: 'eth', amount: '0.5' });
      api.rateOne.mockClear();
      form.setTo('btc');
      expect([form.from?.slug, form.to?.slug]).toEqual(['eth', 'btc']);
      expect(form.unsupportedPopupOpen).toBe(false);
      // §4 swap: the typed value moves to the other field with its side
      expect([form.activeSide, form.valueToReceive]).toEqual(['receive', '0.5']);
      await flush();
      expect(api.rateOne.mock.calls[0][0].query).toMatchObject({ instrumentFromSlug: 'eth', instrumentToSlug: 'btc', claimedDepositAmountCurrency: 'btc' });
      expect(form.error).toBeNull();
    });

    it('on the send side: the receive coin moves over', async () => {
      const { form } = setup();
      await form.init({ from: 'btc', to: 'eth', amount: '0.5' });
      form.setFrom('eth');
      expect([form.from?.slug, form.to?.slug]).toEqual(['eth', 'btc']);
      expect(form.unsupportedPopupOpen).toBe(false);
    });

    it('a card purchase cannot swap: the coin goes to the send side and another one receives', async () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue(ALL);
      const { form } = setup(api);
      await form.init({ from: 'usd', to: 'btc', amount: '100' });
      form.setFrom('btc');
      await flush();
      expect([form.from?.slug, form.to?.slug]).toEqual(['btc', 'eth']);
      expect(form.isUnsupported).toBe(false);
    });
  });

  describe('switching the send coin never keeps an amount of the old coin (issue 25)', () => {
    it('a send amount becomes the new coin’s recommended amount', async () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue(ALL);
      const { form } = setup(api);
      await form.init({ from: 'usd', to: 'btc', amount: '0.1' });
      api.recommendedAmount.mockClear();
      api.recommendedAmount.mockResolvedValueOnce({ recommendedAmount: '0.25' });
      form.setFrom('eth');
      expect(form.isLoading).toBe(true);
      await flush();
      expect(api.recommendedAmount).toHaveBeenCalledWith({
        query: { fromCurrency: 'ETH', fromNetwork: 'ERC20', toCurrency: 'BTC', toNetwork: 'BTC', rateMode: 'FLOATING' },
      });
      expect(form.amount).toBe('0.25');
      expect(api.rateOne.mock.calls.at(-1)![0].query).toMatchObject({ instrumentFromSlug: 'eth', claimedDepositAmount: '0.25' });
      expect(form.status).toBe('ready');
    });

    it('a fiat sender gets §9’s 500 without asking', async () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue(ALL);
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'eth', amount: '0.1' });
      api.recommendedAmount.mockClear();
      form.setFrom('usd');
      await flush();
      expect(form.amount).toBe(DEFAULT_AMOUNT);
      expect(api.recommendedAmount).not.toHaveBeenCalled();
    });

    it('an amount typed on the receive side is in the receive coin: it carries over as it is', async () => {
      const { form, api } = setup();
      await form.init({ from: 'btc', to: 'eth', amount: '0.5' });
      form.setReceiveAmount('3');
      await flush();
      api.rateOne.mockClear();
      form.setFrom('usdttrc20');
      await flush();
      expect(api.rateOne.mock.calls[0][0].query).toMatchObject({
        instrumentFromSlug: 'usdttrc20',
        claimedDepositAmount: '3',
        claimedDepositAmountCurrency: 'eth',
      });
      expect(form.valueToReceive).toBe('3');
    });

    it('switching the receive coin keeps the send amount (in the coin that stays) as the typed one', async () => {
      const { form, api } = setup();
      await form.init({ from: 'btc', to: 'eth', amount: '0.5' });
      form.setReceiveAmount('3');
      await flush();
      api.rateOne.mockClear();
      form.setTo('usdttrc20');
      await flush();
      expect(api.rateOne.mock.calls[0][0].query).toEqual({
        instrumentFromSlug: 'btc',
        instrumentToSlug: 'usdttrc20',
        claimedDepositAmount: '0.5',
        rateMode: 'FLOATING',
      });
    });

    it('without a recommended amount, an amount the new pair refuses moves to its limit', async () => {
      const api = makeApi();
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'eth', amount: '0.1' });
      api.recommendedAmount.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'down'));
      api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '2' } }));
      form.setFrom('usdttrc20');
      await flush();
      await flush();
      expect(form.amount).toBe('2.02');
      expect(form.error).toBeNull();
      warn.mockRestore();
    });

    it('a receive coin picked while the recommended amount loads: the amount recommended for the new pair', async () => {
      const api = makeApi();
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'eth', amount: '0.1' });
      api.recommendedAmount.mockClear();
      api.recommendedAmount.mockImplementation(async ({ query }) => ({ recommendedAmount: query.toCurrency === 'BTC' ? '9' : '1' }));
      form.setFrom('usdttrc20');
      form.setTo('btc');
      await flush();
      expect(form.amount).toBe('9');
      expect(api.rateOne.mock.calls.at(-1)![0].query).toMatchObject({ instrumentFromSlug: 'usdttrc20', instrumentToSlug: 'btc', claimedDepositAmount: '9' });
    });

    it('an amount typed while the recommended amount loads wins', async () => {
      const api = makeApi();
      const { form } = setup(api);
      await form.init({ from: 'btc', to: 'eth', amount: '0.1' });
      let answer!: (v: { recommendedAmount: string }) => void;
      api.recommendedAmount.mockImplementationOnce(() => new Promise((r) => (answer = r)));
      form.setFrom('usdttrc20');
      form.setAmount('7');
      answer({ recommendedAmount: '100' });
      await flush();
      expect(form.amount).toBe('7');
    });
  });

  it('reloads the rate when the amount changes (cleaned per §5)', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockClear();
    form.setAmount(' 1,25 ');
    expect(form.amount).toBe('1.25');
    expect(form.status).toBe('loadingRate');
    await flush();
    expect(api.rateOne).toHaveBeenCalledTimes(1);
    expect(api.rateOne.mock.calls[0][0].query.claimedDepositAmount).toBe('1.25');
    expect(form.pairData?.claimedDepositAmount).toBe('1.25');
  });

  it('does not ask for a rate for an empty or zero amount', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockClear();
    form.setAmount('0');
    await flush();
    expect(api.rateOne).not.toHaveBeenCalled();
    expect(form.pairData).toBeNull();
    expect(form.status).toBe('ready');
  });

  it('reloads the rate when an instrument changes', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockClear();
    form.setTo('usdttrc20');
    await flush();
    expect(api.rateOne.mock.calls[0][0].query).toMatchObject({ instrumentFromSlug: 'btc', instrumentToSlug: 'usdttrc20' });
    form.setFrom('eth');
    await flush();
    expect(api.rateOne.mock.calls[1][0].query).toMatchObject({ instrumentFromSlug: 'eth', instrumentToSlug: 'usdttrc20' });
    expect(form.rateText).toBe('1 ETH = 20.41234567 USDT');
  });

  it('ignores a stale rate answer and aborts the previous request', async () => {
    const { api, form } = setup();
    await form.init();
    const signals: AbortSignal[] = [];
    let resolveFirst!: (v: unknown) => void;
    api.rateOne.mockImplementationOnce(({ signal }) => {
      signals.push(signal!);
      return new Promise((r) => (resolveFirst = r)) as never;
    });
    form.setAmount('1');
    form.setAmount('2');
    expect(signals[0].aborted).toBe(true);
    await flush();
    resolveFirst(pairData(BTC, ETH, { claimedDepositAmount: '1' }));
    await flush();
    expect(form.pairData?.claimedDepositAmount).toBe('2');
  });

  it.each([
    ['ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'min'],
    ['ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', 'max'],
  ] as const)('shows %s as a %s error with the expected amount', async (code, kind) => {
    const api = makeApi();
    api.rateOne.mockRejectedValueOnce(ApiError.of(code, 'limit', { details: { expectedAmount: '0.01' } }));
    const { form } = setup(api);
    await form.init();
    expect(form.status).toBe('error');
    expect(form.error).toEqual({ kind, expectedAmount: '0.01' });
    expect(form.pairData).toBeNull();
    form.useExpectedAmount();
    // a limit one tick later still accepts what set-minimal filled (LIMIT_HEADROOM inside it)
    expect(form.amount).toBe(kind === 'min' ? '0.0101' : '0.0099');
    await flush();
    expect(form.status).toBe('ready');
    expect(form.error).toBeNull();
  });

  it('§8: on a referral visit a below-minimum load also keeps the general minimum; without a referral it does not', async () => {
    for (const referral of [true, false]) {
      const api = makeApi();
      api.rateOne.mockRejectedValueOnce(
        ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'limit', { details: { expectedAmount: '0.02', generalMinAmount: '0.01' } }),
      );
      const root = new ExchangeRootStore({ api: api as never, wsUrl: 'ws://test/ws', createSocket: fakeSocketFactory, hasReferral: () => referral });
      await root.form.init();
      expect(root.form.error).toEqual({ kind: 'min', expectedAmount: '0.02' });
      expect(root.form.generalMinAmount).toBe(referral ? '0.01' : null);
    }
  });

  it('set-minimal: the minimum plus headroom, rounded up to the send instrument’s precision; the maximum minus it, rounded down', async () => {
    const api = makeApi();
    const { form } = setup(api);
    await form.init();
    const fill = async (code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL' | 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', expectedAmount: string) => {
      api.rateOne.mockRejectedValueOnce(ApiError.of(code, 'limit', { details: { expectedAmount } }));
      form.setAmount('1');
      await flush();
      const filled = form.limitToFill;
      form.useExpectedAmount();
      await flush();
      return filled;
    };
    expect(form.from?.precisionDecimals).toBe(8);
    // 0.00012345 × 1.01 = 0.0001246845 → up to 8 places
    expect(await fill('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', '0.00012345')).toBe('0.00012469');
    expect(ExactDecimal.from('0.00012469').gte(ExactDecimal.from('0.00012345').times(ExactDecimal.from(1).plus(LIMIT_HEADROOM)))).toBe(true);
    // 12.3456789 × 0.99 = 12.222222111 → down to 8 places
    expect(await fill('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', '12.3456789')).toBe('12.22222211');
    expect(form.amount).toBe('12.22222211');
  });

  it('marks the pair unsupported on ERR_PAIR_NOT_ACTIVE and same instruments', async () => {
    const api = makeApi();
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_PAIR_NOT_ACTIVE', 'inactive'));
    const { form } = setup(api);
    await form.init();
    expect(form.error?.kind).toBe('unsupported');
    // only a route can still ask for one coin on both sides (the pickers swap instead)
    form.selectPair('eth', 'eth');
    expect(form.error?.kind).toBe('same');
  });

  it('an unknown error is shown as unknown', async () => {
    const api = makeApi();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_INTERNAL_SERVER_ERROR', 'boom'));
    const { form } = setup(api);
    await form.init();
    expect(form.error).toEqual({ kind: 'unknown', message: 'boom' });
  });

  it('fails the init when instruments cannot be loaded', async () => {
    const api = makeApi();
    api.instrumentsV2.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'down'));
    const { form } = setup(api);
    await form.init();
    expect(form.status).toBe('initFailed');
    expect(form.error?.kind).toBe('loadFailed');
    expect(api.rateOne).not.toHaveBeenCalled();
  });

  it('live socket data for the current pair updates the rate; other pairs are ignored', async () => {
    const { form } = setup();
    await form.init();
    const ws = FakeWebSocket.last;
    ws.open();
    ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { price: '21.5', updatedAt: '2030-01-01T00:00:05.000Z' }) });
    expect(form.rateText).toBe('1 BTC = 21.50000000 ETH');
    expect(form.pairData?.updatedAt).toBe('2030-01-01T00:00:05.000Z');
    ws.message({ channel: 'pairs', event: 'data', data: pairData(ETH, USDT, { price: '99' }) });
    expect(form.rateText).toBe('1 BTC = 21.50000000 ETH');
    ws.message({
      channel: 'pairs',
      event: 'error',
      data: { statusCode: 400, code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', message: 'big', details: { expectedAmount: '10' } },
    });
    expect(form.error).toEqual({ kind: 'max', expectedAmount: '10' });
  });

  it('receive side: asks with the amount in the receive currency and fills the send side', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockImplementationOnce(async () => pairData(BTC, ETH, { amountToGive: '0.25', amountToGet: '5' }));
    form.setReceiveAmount('5');
    expect(form.activeSide).toBe('receive');
    expect(form.isSendLoading).toBe(true);
    expect(form.isReceiveLoading).toBe(false);
    await flush();
    expect(api.rateOne.mock.calls.at(-1)![0].query).toEqual({
      instrumentFromSlug: 'btc',
      instrumentToSlug: 'eth',
      claimedDepositAmount: '5',
      claimedDepositAmountCurrency: 'eth',
      rateMode: 'FLOATING',
    });
    expect(form.valueToSend).toBe('0.25');
    expect(form.valueToReceive).toBe('5');
  });

  it('swap exchanges the instruments, moves the value, flips the side and reloads', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockClear();
    const done = form.swap();
    expect(form.isSwapCoinsLoading).toBe(true);
    expect([form.from?.slug, form.to?.slug]).toEqual(['eth', 'btc']);
    expect(form.activeSide).toBe('receive');
    expect(form.valueToReceive).toBe('0.5');
    await done;
    expect(form.isSwapCoinsLoading).toBe(false);
    expect(api.rateOne.mock.calls[0][0].query).toMatchObject({
      instrumentFromSlug: 'eth',
      instrumentToSlug: 'btc',
      claimedDepositAmount: '0.5',
      claimedDepositAmountCurrency: 'btc',
    });
  });

  it('rate mode FIXED reloads with rateMode FIXED; ERR_NOT_ACCEPTABLE says so and reloads in FLOATING (§8)', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockClear();
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_NOT_ACCEPTABLE', 'no fixed'));
    form.setRateMode('FIXED');
    expect(api.rateOne.mock.calls.at(-1)![0].query.rateMode).toBe('FIXED');
    await flush();
    await flush();
    expect(form.rateMode).toBe('FLOATING');
    expect(api.rateOne.mock.calls.map(([call]) => call.query.rateMode)).toEqual(['FIXED', 'FLOATING']);
    // the form shows what the pair does offer: a floating quote, not the stale one, not an empty form
    expect(form.status).toBe('ready');
    expect(form.pairData?.rateMode).toBe('FLOATING');
    expect(form.valueToReceive).toBe('10.2');
    expect(form.unsupportedPopupOpen).toBe(true);
    form.closeUnsupportedPopup();
    expect(form.unsupportedPopupOpen).toBe(false);
  });

  it('after a failed load, retyping the same amount or clicking the shown rate mode asks again (issue 23)', async () => {
    const { api, form } = setup();
    await form.init();
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_NO_LIQUIDITY_AVAILABLE', 'none'));
    form.setAmount('0.7');
    await flush();
    expect(form.status).toBe('error');
    api.rateOne.mockClear();
    form.setAmount('0.7');
    await flush();
    expect(api.rateOne).toHaveBeenCalledTimes(1);
    expect(form.status).toBe('ready');
    expect(form.valueToReceive).toBe('10.2');

    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_NO_LIQUIDITY_AVAILABLE', 'none'));
    form.setAmount('0.8');
    await flush();
    expect(form.status).toBe('error');
    api.rateOne.mockClear();
    form.setRateMode('FLOATING');
    await flush();
    expect(api.rateOne).toHaveBeenCalledTimes(1);
    expect(form.status).toBe('ready');
    // while it is loaded, the same amount and mode are no-ops
    api.rateOne.mockClear();
    form.setAmount('0.8');
    form.setRateMode('FLOATING');
    expect(api.rateOne).not.toHaveBeenCalled();
  });

  it('after a pair-load error the computed amount is cleared; the typed one stays (issue 23)', async () => {
    const { api, form, root } = setup();
    await form.init();
    expect(form.valueToReceive).toBe('10.2');
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '0.01' } }));
    form.setAmount('0.001');
    await flush();
    expect(form.error?.kind).toBe('min');
    expect(form.valueToSend).toBe('0.001');
    expect(form.valueToReceive).toBe('');
    expect(form.amountToReceive).toBeNull();

    // receive side typed: the computed send amount goes
    api.rateOne.mockImplementationOnce(async () => pairData(BTC, ETH, { amountToGive: '0.25', amountToGet: '5' }));
    form.setReceiveAmount('5');
    await flush();
    expect(form.valueToSend).toBe('0.25');
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', 'big', { details: { expectedAmount: '10' } }));
    form.setReceiveAmount('5000');
    await flush();
    expect(form.error?.kind).toBe('max');
    expect([form.valueToSend, form.valueToReceive]).toEqual(['', '5000']);

    // the same over the live rates: an error tick clears what the last tick computed
    api.rateOne.mockImplementationOnce(async () => pairData(BTC, ETH, { amountToGive: '0.25', amountToGet: '5' }));
    form.setReceiveAmount('5');
    await flush();
    FakeWebSocket.last.open();
    FakeWebSocket.last.message({
      channel: 'pairs',
      event: 'error',
      data: { statusCode: 400, code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', message: 'small', details: { expectedAmount: '0.3' } },
    });
    expect([form.valueToSend, form.valueToReceive]).toEqual(['', '5']);
    root.dispose();
  });

  it('a live tick applies only to the subscription it answers: pair, rate mode, amount and side (issue 23)', async () => {
    const { form, root } = setup();
    await form.init();
    const ws = FakeWebSocket.last;
    ws.open();
    form.setAmount('2');
    await flush();
    expect(form.pairData?.claimedDepositAmount).toBe('2');
    // still in flight from the 0.5 subscription: neither the receive amount nor the pair data create uses change
    ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { claimedDepositAmount: '0.5', amountToGet: '99' }) });
    expect(form.pairData?.claimedDepositAmount).toBe('2');
    expect(form.valueToReceive).toBe('10.2');
    // the same amount in the other rate mode answers nothing either
    ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { claimedDepositAmount: '2', amountToGet: '77', rateMode: 'FIXED' }) });
    expect(form.valueToReceive).toBe('10.2');
    // a tick of the current subscription applies
    ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { claimedDepositAmount: '2', amountToGet: '40.8' }) });
    expect(form.valueToReceive).toBe('40.8');

    // receive side: 5 ETH wanted; a tick of the send-side subscription (2 BTC) does not answer it
    form.setReceiveAmount('5');
    await flush();
    ws.message({ channel: 'pairs', event: 'data', data: pairData(BTC, ETH, { claimedDepositAmount: '2', amountToGive: '2', amountToGet: '40.8' }) });
    expect(form.valueToSend).not.toBe('2');
    ws.message({
      channel: 'pairs',
      event: 'data',
      data: pairData(BTC, ETH, { claimedDepositAmount: '0.24600001', amountToGive: '0.24600001', amountToGet: '5.00000012', price: '20.5' }),
    });
    expect(form.valueToSend).toBe('0.24600001');
    root.dispose();
  });

  it.each(['ERR_PAIR_NOT_ACTIVE', 'ERR_NO_LIQUIDITY_AVAILABLE', 'ERR_UNPROCESSABLE_ENTITY'] as const)('%s marks the pair unsupported', async (code) => {
    const api = makeApi();
    api.rateOne.mockRejectedValueOnce(ApiError.of(code, 'x'));
    const { form } = setup(api);
    await form.init();
    expect(form.isUnsupported).toBe(true);
  });

  it('same instruments asked by the route flag the pair unsupported and open the not-supported popup', async () => {
    const { form } = setup();
    await form.init();
    form.selectPair('eth', 'eth');
    expect(form.isUnsupported).toBe(true);
    expect(form.unsupportedPopupOpen).toBe(true);
  });

  it('fee breakdown: platform and network fee in the receive currency, spread against the market price', async () => {
    const { form } = setup();
    await form.init();
    expect(form.fees).toEqual({
      platformFee: { amount: '0.001', currency: 'ETH' },
      networkFee: { amount: '0.001', currency: 'ETH' },
      spreadPercent: '-1941.23',
      marketPrice: '1',
    });
    expect(form.showMinConfirmations).toBe(true);
  });

  it.each([
    ['below', '0.4999', false],
    ['equal', '0.5', true],
    ['above', '0.5001', true],
  ] as const)('needsVerification (issue 12): a card purchase of %s the noKycThreshold → %s', async (_case, amount, expected) => {
    const api = makeApi();
    api.instrumentsV2.mockResolvedValue(ALL);
    api.rateOne.mockImplementation(async ({ query }) => pairData(USD, ETH, { claimedDepositAmount: query.claimedDepositAmount!, noKycThreshold: '0.5' }));
    const { form } = setup(api);
    await form.init({ from: 'usd', to: 'eth', amount });
    expect(form.amount).toBe(amount);
    expect(form.needsVerification).toBe(expected);
    expect(form.showMinConfirmations).toBe(false);
  });

  it('needsVerification is false for a crypto sender, whatever the amount (only card purchases are verified)', async () => {
    const api = makeApi();
    api.rateOne.mockImplementation(async ({ query }) => pairData(BTC, ETH, { claimedDepositAmount: query.claimedDepositAmount!, noKycThreshold: '0.1' }));
    const { form } = setup(api);
    await form.init({ amount: '5' });
    expect(form.needsVerification).toBe(false);
  });

  describe('fiat (§1: a card purchase, send side only)', () => {
    const withFiat = () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue(ALL);
      return setup(api);
    };

    it('is offered to send, never to receive; the default receive instrument is not fiat', async () => {
      const api = makeApi();
      api.instrumentsV2.mockResolvedValue([USD, BTC, ETH]);
      api.pairsDefault.mockRejectedValue(new Error('no default pair'));
      const { form } = setup(api);
      await form.init();
      expect(form.instruments.map((i) => i.slug)).toEqual(['usd', 'btc', 'eth']);
      expect(form.receiveInstruments.map((i) => i.slug)).toEqual(['btc', 'eth']);
      expect([form.from?.slug, form.to?.slug]).toEqual(['usd', 'btc']);
      expect(form.isCardPurchase).toBe(true);
    });

    it('cannot be picked to receive, and a purchase cannot be swapped', async () => {
      const { form, api } = withFiat();
      await form.init({ from: 'usd', to: 'btc', amount: '100' });
      expect(form.canSwap).toBe(false);
      api.rateOne.mockClear();
      await form.swap();
      form.setTo('usd');
      expect([form.from?.slug, form.to?.slug]).toEqual(['usd', 'btc']);
      expect(api.rateOne).not.toHaveBeenCalled();
    });

    it('a route asking to receive fiat makes no pair: unsupported, without asking the api', async () => {
      const { form, api } = withFiat();
      await form.init({ from: 'btc', to: 'usd' });
      expect(api.rateOne).not.toHaveBeenCalled();
      expect(form.isUnsupported).toBe(true);
      expect(form.unsupportedPopupOpen).toBe(true);
    });
  });

  it('needsVerification is false without pair data', async () => {
    const api = makeApi();
    api.instrumentsV2.mockResolvedValue(ALL);
    api.rateOne.mockImplementation(async ({ query }) => pairData(USD, ETH, { claimedDepositAmount: query.claimedDepositAmount!, noKycThreshold: '0.1' }));
    const { form } = setup(api);
    expect(form.needsVerification).toBe(false);
    await form.init({ from: 'usd', to: 'eth' });
    expect(form.needsVerification).toBe(true);
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG', 'big', { details: { expectedAmount: '1' } }));
    await form.loadRate();
    expect(form.pairData).toBeNull();
    expect(form.needsVerification).toBe(false);
  });

  it('§2 query: send, receive and amount; the amount is dropped after a pair-load error', async () => {
    const api = makeApi();
    const { form } = setup(api);
    await form.init();
    expect(form.query.toString()).toBe('send=btc&receive=eth&amount=0.5');
    api.rateOne.mockRejectedValueOnce(ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'small', { details: { expectedAmount: '1' } }));
    form.setAmount('0.0001');
    await flush();
    expect(form.query.toString()).toBe('send=btc&receive=eth');
  });

  it('QuerySync: amount changes replace, pair changes push', async () => {
    const { form } = setup();
    await form.init();
    const write = jest.fn();
    const sync = new QuerySync(form, write, new URLSearchParams('send=btc&receive=eth&amount=0.5&utm_source=x'));
    form.setAmount('2');
    expect(write).toHaveBeenLastCalledWith(new URLSearchParams('send=btc&receive=eth&amount=2'), { replace: true });
    form.setTo('usdttrc20');
    expect(write).toHaveBeenLastCalledWith(new URLSearchParams('send=btc&receive=usdttrc20&amount=2'), { replace: false });
    expect(write).toHaveBeenCalledTimes(2);
    sync.dispose();
    form.setAmount('3');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('§5: a computed amount is shown only when greater than 0', async () => {
    const { api, form } = setup();
    api.rateOne.mockImplementationOnce(async () => pairData(BTC, ETH, { amountToGet: '0.000000001' }));
    await form.init();
    expect(form.valueToReceive).toBe('');
    expect(form.amountToReceive).toBeNull();
  });
});
