import { ApiError, PAIR_LOADING_WAIT_POLL_MS, type ExchangeRequest, type PairData, type RateMode } from 'shared-contracts';
import { ADDRESS_CHECK_DELAY_MS, ExchangeDetailsStore, type ExchangeDetailsDeps, type PairSource } from './ExchangeDetailsStore';
import { CardFlowStore } from '../cardFlow/CardFlowStore';
import { BTC, ETH, instrument, pairData } from '../../../test/fixtures';
import { orderLike } from '../../../test/orderLike';

const XRP = instrument('xrp', { requiresMemo: true });
const USD = instrument('usd', { instrumentType: 'fiat', networkTitle: 'CARD' });

function makeForm(over: Partial<Omit<PairSource, 'loadRate'>> & { pair?: PairData } = {}) {
  const pair = over.pair ?? pairData(BTC, ETH, { amountToGet: '10.123456789', claimedDepositAmount: '0.5000000019' });
  const form = {
    from: pair.instrumentFrom,
    to: pair.instrumentTo,
    rateMode: 'FLOATING' as RateMode,
    pairData: pair,
    isLoading: false,
    isSwapCoinsLoading: false,
    request: null as ExchangeRequest | null,
    ...over,
    loadRate: jest.fn(async () => true),
  };
  return form;
}

function setup(
  opts: {
    form?: ReturnType<typeof makeForm>;
    ckmAuthorised?: boolean;
    referral?: string;
    localEmail?: string;
    confirmEmail?: (email: string) => Promise<string | null>;
    loadCardFlow?: () => Promise<CardFlowStore>;
  } = {},
) {
  const form = opts.form ?? makeForm();
  let referral = opts.referral;
  let localEmail = opts.localEmail;
  const api = {
    validateAddress: jest.fn(async ({ body }: { body: { address: string } }) => !body.address.includes('bad')),
    orderCreate: jest.fn(async ({ body }: { body: { destinationAddress: string; rateMode: RateMode } }) =>
      orderLike('ord-1', body.destinationAddress, body.rateMode),
    ),
    // §7 card provider (the card flow of a fiat sender): signed up, email confirmed, KYC complete
    providerSignUp: jest.fn(async () => ({ ok: true })),
    providerSignIn: jest.fn(async () => ({ token: 'bearer-token-123' })),
    providerContacts: jest.fn(async () => ({ emailStatus: 'CONFIRMED' })),
    providerKycStatus: jest.fn(async () => ({ features: [{ feature: 'IDENTITY_VERIFICATION', status: 'COMPLETED' }] })),
    providerKycAccessToken: jest.fn(async () => ({ kycAccessToken: 't', applicantId: 'a', kycUrl: 'https://kyc.example/#t' })),
    confirmEmail: jest.fn(async () => ({ ok: true })),
  };
  const session = {
    isAuthorised: !!opts.ckmAuthorised,
    account: opts.ckmAuthorised ? { email: 'me@acc.io' } : null,
    openRegisterDialog: jest.fn(),
  };
  const notifyFlowError = jest.fn();
  const cardFlow = new CardFlowStore({ api: api as never, session, provider: () => 'sandbox', locale: () => 'en', notifyFlowError });
  // the card flow's chunk, loaded on demand (issue 27)
  const loadCardFlow = jest.fn(opts.loadCardFlow ?? (async () => cardFlow));
  const deps: ExchangeDetailsDeps = {
    api: api as never,
    form,
    session,
    cardFlow: loadCardFlow,
    navigate: jest.fn(),
    track: jest.fn(),
    onOrderCreated: jest.fn(),
    referral: { get: () => referral, clear: jest.fn(() => (referral = undefined)) },
    localEmail: { get: () => localEmail, remember: jest.fn((e: string) => (localEmail = e)) },
    utm: () => ({ timestamp: 1, utmParams: { source: 'x' }, additionalInfo: {}, sessionId: 's' }),
    fingerprint: async () => 'fp-1',
    newIdempotencyKey: jest.fn(() => `key-${Math.random()}`),
    sleep: jest.fn(async () => undefined),
    confirmEmail: jest.fn(opts.confirmEmail ?? (async (email: string) => email)),
  };
  return { store: new ExchangeDetailsStore(deps), deps, api, form, session, notifyFlowError, cardFlow, loadCardFlow };
}

function fill(store: ExchangeDetailsStore, address = '0xgood') {
  store.set('destinationAddress', `  ${address} `);
  store.setTermsAccepted(true);
}

describe('ExchangeDetailsStore validation (§5)', () => {
  it('destination required (error_address_empty), terms required (error_terms)', async () => {
    const { store, api } = setup();
    expect(await store.validate()).toBe(false);
    expect(store.errors).toEqual({ destinationAddress: 'error_address_empty', terms: 'error_terms' });
    store.setTermsAccepted(true);
    expect(store.errors.terms).toBeUndefined();
    expect(api.validateAddress).not.toHaveBeenCalled();
  });

  it('destination trimmed and validated by the server for the receive currency and network', async () => {
    const { store, api } = setup();
    fill(store, 'bad-addr');
    expect(await store.validate()).toBe(false);
    expect(api.validateAddress).toHaveBeenCalledWith({ body: { currencyTitle: 'ETH', networkTitle: 'ERC20', address: 'bad-addr' } });
    expect(store.errors).toEqual({ destinationAddress: 'error_address_incorrect' });
    expect(store.destinationAddress).toBe('bad-addr');
  });

  it('a card purchase (fiat sender): the destination as usual (crypto receive), no refund address in either rate mode', async () => {
    for (const rateMode of ['FLOATING', 'FIXED'] as const) {
      const form = makeForm({ pair: pairData(USD, ETH), rateMode });
      const { store, api } = setup({ form });
      store.setTermsAccepted(true);
      expect(store.isCardPurchase).toBe(true);
      expect(store.asksRefund).toBe(false);
      expect(await store.validate()).toBe(false);
      expect(store.errors).toEqual({ destinationAddress: 'error_address_empty' });
      fill(store, '0xgood');
      expect(await store.validate()).toBe(true);
      expect(api.validateAddress).toHaveBeenCalledTimes(1);
      expect(api.validateAddress).toHaveBeenCalledWith({ body: { currencyTitle: 'ETH', networkTitle: 'ERC20', address: '0xgood' } });
    }
  });

  it('memo error when the receive instrument requires one, unless the no-memo box is ticked', async () => {
    const form = makeForm({ pair: pairData(BTC, XRP) });
    const { store } = setup({ form });
    fill(store);
    expect(await store.validate()).toBe(false);
    expect(store.errors).toEqual({ destinationMemo: 'error_memo_empty' });
    store.setNoMemo(true);
    expect(store.errors.destinationMemo).toBeUndefined();
    expect(await store.validate()).toBe(true);
    store.setNoMemo(false);
    store.set('destinationMemo', '12345');
    expect(await store.validate()).toBe(true);
  });

  it('fixed rate: refund address required, different from the destination, valid for the send currency', async () => {
    const form = makeForm({ rateMode: 'FIXED' });
    const { store, api } = setup({ form });
    fill(store, '0xsame');
    expect(await store.validate()).toBe(false);
    expect(store.errors).toEqual({ refundAddress: 'error_address_empty' });
    store.set('refundAddress', '0xsame');
    await store.validate();
    expect(store.errors).toEqual({ refundAddress: 'error_address_must_be_different' });
    store.set('refundAddress', 'bad-refund');
    await store.validate();
    expect(store.errors).toEqual({ refundAddress: 'error_address_incorrect' });
    expect(api.validateAddress).toHaveBeenLastCalledWith({ body: { currencyTitle: 'BTC', networkTitle: 'BTC', address: 'bad-refund' } });
    store.set('refundAddress', 'bc1refund');
    expect(await store.validate()).toBe(true);
  });

  it('an invalid non-empty email blocks when asked; empty is fine', async () => {
    const form = makeForm({ pair: pairData(BTC, ETH, { ckm: 'A' }) });
    const { store } = setup({ form });
    fill(store);
    expect(store.askEmail).toBe(true);
    store.setEmail('nope@x');
    expect(await store.validate()).toBe(false);
    expect(store.errors.email).toBe('error_email_incorrect');
    store.setEmail('');
    expect(await store.validate()).toBe(true);
  });
});

describe('ExchangeDetailsStore create (§4, §8)', () => {
  it('waits for pair loading (100 ms poll), loads the pair, validates, creates with an Idempotency-Key and redirects', async () => {
    const form = makeForm();
    let polls = 0;
    Object.defineProperty(form, 'isLoading', { get: () => polls < 2 });
    const { store, deps, api } = setup({ form });
    (deps.sleep as jest.Mock).mockImplementation(async () => void polls++);
    fill(store);
    expect(await store.create()).toBe(true);
    expect(deps.sleep).toHaveBeenCalledTimes(2);
    expect(deps.sleep).toHaveBeenCalledWith(PAIR_LOADING_WAIT_POLL_MS);
    expect(form.loadRate).toHaveBeenCalledTimes(1);
    const call = (api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown>; headers: Record<string, string> }])[0];
    expect(call.headers['Idempotency-Key']).toMatch(/^key-/);
    expect(call.body).toEqual({
      rateMode: 'FLOATING',
      instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC', slug: 'btc' },
      instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ERC20', slug: 'eth' },
      destinationAddress: '0xgood',
      claimedPublicRate: expect.objectContaining({ price: '20.412345678', claimedAmountToReceive: '10.12345678' }),
      claimedNetworkFee: '0.001',
      // the pair's deposit, asked for: rounded up to the send coin's unit (issue 23)
      claimedDepositAmount: '0.50000001',
      // issue 29: a floating order's maximum slippage, the default unless the visitor chose another
      maxSlippage: '0.01',
      utmData: { timestamp: 1, utmParams: { source: 'x' }, additionalInfo: {}, sessionId: 's' },
      browserFingerprint: 'fp-1',
    });
    expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
    // §4 exchange_initiated at the create click, with the pair and mode; the created order is told to the form's analytics
    expect(deps.track).toHaveBeenCalledWith('exchange_initiated', { from: 'btc', to: 'eth', rateMode: 'FLOATING' });
    expect(deps.onOrderCreated).toHaveBeenCalledWith('ord-1');
  });

  it('stops when the pair does not load or validation fails: nothing created', async () => {
    const form = makeForm();
    form.loadRate.mockResolvedValueOnce(false);
    const { store, api, deps } = setup({ form });
    fill(store);
    expect(await store.create()).toBe(false);
    fill(store, 'bad');
    expect(await store.create()).toBe(false);
    expect(store.errors.destinationAddress).toBe('error_address_incorrect');
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(deps.onOrderCreated).not.toHaveBeenCalled();
  });

  it("a memo that breaks its network's rule is refused at its field and nothing is created (§5, shared-contracts memo.ts)", async () => {
    const { store, api } = setup({ form: makeForm({ pair: pairData(BTC, XRP) }) });
    fill(store, 'rXRP');
    store.set('destinationMemo', 'abc-not-a-number');
    expect(await store.create()).toBe(false);
    expect(store.errors).toEqual({ destinationMemo: 'error_memo_tag' });
    expect(api.orderCreate).not.toHaveBeenCalled();
    store.set('destinationMemo', '4294967296');
    expect(await store.create()).toBe(false);
    expect(store.errors.destinationMemo).toBe('error_memo_tag');
    store.set('destinationMemo', ' 4294967295 ');
    expect(await store.create()).toBe(true);
    expect(api.orderCreate).toHaveBeenCalledTimes(1);

    const xlm = instrument('xlm', { requiresMemo: true });
    const s = setup({ form: makeForm({ pair: pairData(BTC, xlm) }) });
    fill(s.store, 'GXLM');
    s.store.set('destinationMemo', 'x'.repeat(59));
    expect(await s.store.validate()).toBe(false);
    expect(s.store.errors).toEqual({ destinationMemo: 'error_memo_stellar' });
  });

  it('a refund memo is checked against the send network, and not sent once the send coin takes none', async () => {
    const form = makeForm({ pair: pairData(XRP, ETH), rateMode: 'FIXED' });
    const { store, api } = setup({ form });
    fill(store);
    store.set('refundAddress', 'rRefund');
    store.set('refundMemo', 'tag 7');
    expect(await store.create()).toBe(false);
    expect(store.errors).toEqual({ refundMemo: 'error_memo_tag' });
    store.set('refundMemo', '7');
    // the visitor switches the send coin to BTC: the XRP refund memo stays in the field but is no order's
    form.from = BTC;
    form.pairData = pairData(BTC, ETH);
    store.set('refundAddress', 'bc1refund');
    expect(await store.create()).toBe(true);
    const body = (api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body;
    expect(body).toMatchObject({ refundAddress: 'bc1refund' });
    expect(body).not.toHaveProperty('refundAddressMemo');
  });

  it("the server's refusal of a memo or address shows at that field, not as error_create_exchange", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, api } = setup({ form: makeForm({ pair: pairData(BTC, XRP), rateMode: 'FIXED' }) });
    fill(store, 'rXRP');
    store.set('destinationMemo', '12');
    store.set('refundAddress', 'bc1refund');
    const refuse = (field: string, message: string) =>
      api.orderCreate.mockImplementationOnce(async () =>
        Promise.reject(ApiError.of('ERR_VALIDATION', `Invalid body.${field}: ${message}`, { fields: { [field]: message } })),
      );
    refuse('destinationAddressMemo', 'XRP XRP: a destination tag is a whole number from 0 to 4294967295');
    expect(await store.create()).toBe(false);
    expect(store.errors).toEqual({ destinationMemo: 'error_memo_incorrect' });
    expect(store.createError).toBeNull();
    refuse('destinationAddress', 'not a valid XRP XRP address');
    await store.create();
    expect(store.errors).toEqual({ destinationAddress: 'error_address_incorrect' });
    refuse('refundAddress', 'must differ from the destination address');
    await store.create();
    expect(store.errors).toEqual({ refundAddress: 'error_address_must_be_different' });
    refuse('claimedDepositAmount', 'must be greater than 0');
    await store.create();
    expect(store.createError).toBe('error_create_exchange');
    warn.mockRestore();
  });

  it('memo only when required; refund fields only for fixed rate', async () => {
    const fixedMemo = makeForm({ pair: pairData(BTC, XRP), rateMode: 'FIXED' });
    const a = setup({ form: fixedMemo });
    fill(a.store, 'rXRP');
    a.store.set('destinationMemo', ' 777 ');
    a.store.set('refundAddress', 'bc1refund');
    a.store.set('refundMemo', ' ');
    await a.store.create();
    const body = (a.api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body;
    expect(body).toMatchObject({ destinationAddressMemo: '777', refundAddress: 'bc1refund', rateMode: 'FIXED' });
    expect(body).not.toHaveProperty('refundAddressMemo');

    const floating = setup();
    fill(floating.store);
    floating.store.set('destinationMemo', 'ignored');
    floating.store.set('refundAddress', 'ignored');
    await floating.store.create();
    const b = (floating.api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body;
    expect(b).not.toHaveProperty('destinationAddressMemo');
    expect(b).not.toHaveProperty('refundAddress');
  });

  it('a retried create with the same choices reuses the Idempotency-Key', async () => {
    const { store, api } = setup();
    api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'timeout'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fill(store);
    expect(await store.create()).toBe(false);
    expect(store.createError).toBe('error_create_exchange');
    expect(await store.create()).toBe(true);
    const keys = api.orderCreate.mock.calls.map((c) => (c as unknown as [{ headers: Record<string, string> }])[0].headers['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
  });

  describe('the amount as entered, and one key per intent across re-quotes (issue 23, §7 200 s)', () => {
    const USDT = instrument('usdttrc20', { currencyTitle: 'USDT', networkTitle: 'TRC20', precisionDecimals: 6 });
    const calls = (api: ReturnType<typeof setup>['api']) =>
      api.orderCreate.mock.calls.map((c) => (c as unknown as [{ body: Record<string, unknown>; headers: Record<string, string> }])[0]);
    /** A FIXED USDT → BTC form typed on the receive side (0.01 BTC); each loadRate is a fresh quote with a moved price. */
    const receiveSideForm = () => {
      const quotes = [
        pairData(USDT, BTC, { rateMode: 'FIXED', price: '0.0000150307', claimedDepositAmount: '665.303003', amountToGet: '0.01' }),
        pairData(USDT, BTC, { rateMode: 'FIXED', price: '0.0000149913', claimedDepositAmount: '667.051232', amountToGet: '0.01000001' }),
      ];
      const form = makeForm({
        pair: quotes[0],
        rateMode: 'FIXED',
        request: {
          instrumentFromSlug: 'usdttrc20',
          instrumentToSlug: 'btc',
          claimedDepositAmount: '0.010',
          claimedDepositAmountCurrency: 'btc',
          rateMode: 'FIXED',
        },
      });
      let n = 0;
      form.loadRate.mockImplementation(async () => {
        form.pairData = quotes[Math.min(n++, quotes.length - 1)];
        return true;
      });
      return form;
    };
    const fillFixed = (store: ExchangeDetailsStore) => {
      fill(store, 'bc1qdestination');
      store.set('refundAddress', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    };

    it('a receive-side create sends the typed receive amount with claimedDepositAmountCurrency', async () => {
      const { store, api } = setup({ form: receiveSideForm() });
      fillFixed(store);
      expect(await store.create()).toBe(true);
      const [{ body }] = calls(api);
      expect(body).toMatchObject({ claimedDepositAmount: '0.01', claimedDepositAmountCurrency: 'btc', rateMode: 'FIXED' });
      expect(body.claimedPublicRate).toMatchObject({ claimedAmountToReceive: '0.01' });
    });

    it('the create retried after a re-quote sends the same Idempotency-Key and the same amount', async () => {
      const { store, api } = setup({ form: receiveSideForm() });
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'timeout'));
      fillFixed(store);
      expect(await store.create()).toBe(false);
      expect(await store.create()).toBe(true);
      const [first, retry] = calls(api);
      // the retry went out on the fresh quote …
      expect((first.body.claimedPublicRate as { price: string }).price).not.toBe((retry.body.claimedPublicRate as { price: string }).price);
      // … as the same order: the same amount and side, and the same key
      expect(retry.body).toMatchObject({ claimedDepositAmount: '0.01', claimedDepositAmountCurrency: 'btc' });
      expect(retry.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    });

    it('a send-side create sends the typed amount rounded up to the send coin unit, and another intent gets another key', async () => {
      const form = makeForm({
        pair: pairData(USDT, BTC, { claimedDepositAmount: '700.123457' }),
        request: { instrumentFromSlug: 'usdttrc20', instrumentToSlug: 'btc', claimedDepositAmount: '700.1234567', rateMode: 'FLOATING' },
      });
      const { store, api } = setup({ form });
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'timeout'));
      fill(store, 'bc1qdestination');
      expect(await store.create()).toBe(false);
      fill(store, 'bc1qanother');
      expect(await store.create()).toBe(true);
      const [first, second] = calls(api);
      expect(first.body.claimedDepositAmount).toBe('700.123457');
      expect(first.body).not.toHaveProperty('claimedDepositAmountCurrency');
      expect(second.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
    });
  });

  it.each([
    [ApiError.of('ERR_FORBIDDEN', 'Client data is blacklisted'), 'error_address_blacklisted'],
    [ApiError.of('ERR_INTERNAL_SERVER_ERROR', 'boom'), 'error_create_exchange'],
  ])('%s → %s', async (error, key) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, api, deps } = setup({ referral: 'r-1' });
    api.orderCreate.mockRejectedValueOnce(error);
    fill(store);
    expect(await store.create()).toBe(false);
    expect(store.createError).toBe(key);
    expect(api.orderCreate).toHaveBeenCalledTimes(1);
    expect(deps.referral.clear).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  describe('a referral link never blocks an order (§2, §8)', () => {
    const unknownReferrer = () => ApiError.of('ERR_NOT_FOUND', 'Referrer not found: referrerAffiliateId nosuchpartner');
    const bodies = (api: ReturnType<typeof setup>['api']) =>
      api.orderCreate.mock.calls.map((c) => (c as unknown as [{ body: Record<string, unknown>; headers: Record<string, string> }])[0]);
    beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

    it('an unknown referral id is dropped and the order created once more without it', async () => {
      const { store, api, deps } = setup({ referral: 'nosuchpartner' });
      api.orderCreate.mockRejectedValueOnce(unknownReferrer());
      fill(store);
      expect(await store.create()).toBe(true);
      const [first, retry] = bodies(api);
      expect(first.body.referrerId).toBe('nosuchpartner');
      expect(retry.body).not.toHaveProperty('referrerId');
      expect(retry.body).toMatchObject({ destinationAddress: '0xgood', claimedDepositAmount: '0.50000001' });
      expect(retry.headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
      expect(deps.referral.clear).toHaveBeenCalledTimes(1);
      expect(deps.referral.get()).toBeUndefined();
      expect(store.createError).toBeNull();
      expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
    });

    it('retries only once: a failing retry shows error_create_exchange, and the next create sends no referral id', async () => {
      const { store, api } = setup({ referral: 'nosuchpartner' });
      api.orderCreate.mockRejectedValueOnce(unknownReferrer()).mockRejectedValueOnce(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'busy'));
      fill(store);
      expect(await store.create()).toBe(false);
      expect(api.orderCreate).toHaveBeenCalledTimes(2);
      expect(store.createError).toBe('error_create_exchange');
      expect(await store.create()).toBe(true);
      expect(bodies(api)[2].body).not.toHaveProperty('referrerId');
    });

    it('a create without a referral id is not retried', async () => {
      const { store, api } = setup();
      api.orderCreate.mockRejectedValueOnce(unknownReferrer());
      fill(store);
      expect(await store.create()).toBe(false);
      expect(api.orderCreate).toHaveBeenCalledTimes(1);
      expect(store.createError).toBe('error_create_exchange');
    });
  });

  it('a response without destinationAddress or rateMode is error_create_order_unknwon', async () => {
    const { store, api, deps } = setup();
    api.orderCreate.mockResolvedValueOnce({ orderId: 'x' } as never);
    fill(store);
    expect(await store.create()).toBe(false);
    expect(store.createError).toBe('error_create_order_unknwon');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('sends the referral id', async () => {
    const { store, api } = setup({ referral: 'r-9' });
    fill(store);
    await store.create();
    expect((api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body).toMatchObject({ referrerId: 'r-9' });
  });
});

describe('ExchangeDetailsStore card purchase (§4 card flow)', () => {
  const cardForm = (over: Parameters<typeof pairData>[2] = {}, rateMode: RateMode = 'FLOATING') =>
    makeForm({ pair: pairData(USD, ETH, { claimedDepositAmount: '999.99', noKycThreshold: '1000', ...over }), rateMode });
  const bodyOf = (api: ReturnType<typeof setup>['api'], n = 0) => (api.orderCreate.mock.calls[n] as unknown as [{ body: Record<string, unknown> }])[0].body;
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('a guest gets the register dialog before anything is checked; nothing is created', async () => {
    const form = cardForm();
    const { store, api, session } = setup({ form });
    expect(await store.create()).toBe(false);
    expect(session.openRegisterDialog).toHaveBeenCalledTimes(1);
    expect(form.loadRate).not.toHaveBeenCalled();
    expect(store.errors).toEqual({});
    expect(store.isCreating).toBe(false);
    expect(api.orderCreate).not.toHaveBeenCalled();
  });

  it('a guest’s register dialog says why and carries the email typed in the form (issue 25)', async () => {
    const form = cardForm({ ckm: 'A' });
    const { store, session } = setup({ form });
    fill(store);
    expect(store.askEmail).toBe(true);
    store.setEmail(' buyer@mail.io');
    expect(await store.create()).toBe(false);
    expect(session.openRegisterDialog).toHaveBeenCalledWith({ reason: 'card-purchase', email: 'buyer@mail.io' });
  });

  it('no email field on the pair (ckm D): the dialog says why, with no email', async () => {
    const { store, session } = setup({ form: cardForm({ ckm: 'D' }), localEmail: 'before@mail.io' });
    expect(store.askEmail).toBe(false);
    expect(await store.create()).toBe(false);
    expect(session.openRegisterDialog).toHaveBeenCalledWith({ reason: 'card-purchase' });
  });

  it('below noKycThreshold: created directly, without the provider and without a refund address (fixed rate too)', async () => {
    const form = cardForm({}, 'FIXED');
    const { store, api, deps } = setup({ form, ckmAuthorised: true });
    fill(store);
    expect(await store.create()).toBe(true);
    expect(api.providerSignUp).not.toHaveBeenCalled();
    const body = bodyOf(api);
    expect(body).toMatchObject({ instrumentFrom: { slug: 'usd' }, destinationAddress: '0xgood', rateMode: 'FIXED', claimedDepositAmount: '999.99' });
    expect(body).not.toHaveProperty('refundAddress');
    expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
  });

  it('from the threshold up: the provider steps, a fresh quote, then the order', async () => {
    const form = cardForm({ claimedDepositAmount: '1000' });
    const { store, api, deps } = setup({ form, ckmAuthorised: true });
    fill(store);
    expect(await store.create()).toBe(true);
    expect(api.providerSignUp).toHaveBeenCalledWith(expect.objectContaining({ body: { accept: true, email: 'me@acc.io' } }));
    expect(api.providerKycStatus).toHaveBeenCalled();
    expect(form.loadRate).toHaveBeenCalledTimes(2);
    expect(api.orderCreate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
  });

  it('a flow error: error_kyc_flow (the notification), no order and no create error', async () => {
    const form = cardForm({ claimedDepositAmount: '5000' });
    const { store, api, notifyFlowError } = setup({ form, ckmAuthorised: true });
    api.providerKycStatus.mockResolvedValueOnce({ features: [{ feature: 'IDENTITY_VERIFICATION', status: 'REJECTED' }] });
    fill(store);
    expect(await store.create()).toBe(false);
    expect(notifyFlowError).toHaveBeenCalledTimes(1);
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(store.createError).toBeNull();
    expect(store.isCreating).toBe(false);
  });

  it('a create failure saying KYC verification is needed starts the KYC flow, then the order is created', async () => {
    const form = cardForm();
    const { store, api, deps } = setup({ form, ckmAuthorised: true });
    api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_FORBIDDEN', 'KYC verification is needed for a card purchase of this amount'));
    fill(store);
    expect(await store.create()).toBe(true);
    expect(api.providerSignIn).toHaveBeenCalled();
    expect(api.orderCreate).toHaveBeenCalledTimes(2);
    expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
    expect(store.createError).toBeNull();
  });

  it('other create failures show as for any order', async () => {
    const form = cardForm();
    const { store, api, notifyFlowError } = setup({ form, ckmAuthorised: true });
    api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_INTERNAL_SERVER_ERROR', 'boom'));
    fill(store);
    expect(await store.create()).toBe(false);
    expect(store.createError).toBe('error_create_exchange');
    expect(notifyFlowError).not.toHaveBeenCalled();
  });

  it('a crypto exchange never goes through the card flow', async () => {
    const form = makeForm({ pair: pairData(BTC, ETH, { claimedDepositAmount: '5000', noKycThreshold: '1' }) });
    const { store, api, loadCardFlow } = setup({ form });
    fill(store);
    expect(await store.create()).toBe(true);
    expect(api.providerSignUp).not.toHaveBeenCalled();
    // issue 27: nor is its code asked for
    expect(loadCardFlow).not.toHaveBeenCalled();
    expect(store.cardFlow).toBeNull();
  });

  it('its code is asked for once, as soon as the send side is fiat, before any submit; disposed with the store', async () => {
    const { store, cardFlow, loadCardFlow } = setup({ form: cardForm() });
    expect(loadCardFlow).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(store.cardFlow).toBe(cardFlow);
    expect(await store.create()).toBe(false); // a guest: the register dialog
    expect(loadCardFlow).toHaveBeenCalledTimes(1);
    const dispose = jest.spyOn(cardFlow, 'dispose');
    store.dispose();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('a submit while the code still loads waits for it and then behaves as with it loaded; a second submit meanwhile does nothing', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const form = cardForm();
    const { store, api, session, cardFlow } = setup({ form, loadCardFlow: async () => (await held, cardFlow) });
    fill(store);
    const first = store.create();
    const second = store.create();
    release?.();
    expect(await first).toBe(false);
    expect(await second).toBe(false);
    expect(session.openRegisterDialog).toHaveBeenCalledTimes(2); // a guest: each submit says why, as before
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(store.isCreating).toBe(false);
  });

  it('a signed-in buyer whose submit loads the code gets the order as before', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { store, api, deps, cardFlow } = setup({ form: cardForm(), ckmAuthorised: true, loadCardFlow: async () => (await held, cardFlow) });
    fill(store);
    const created = store.create();
    release?.();
    expect(await created).toBe(true);
    expect(api.orderCreate).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/order/ord-1?destinationAddress=0xgood');
  });

  it('the code failing to load (network): the generic create error, nothing created; the next submit asks again', async () => {
    const { store, api, cardFlow, loadCardFlow } = setup({
      form: cardForm(),
      ckmAuthorised: true,
      loadCardFlow: () => Promise.reject(new Error('ChunkLoadError')),
    });
    fill(store);
    expect(await store.create()).toBe(false);
    expect(store.createError).toBe('error_create_exchange');
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(store.isCreating).toBe(false);
    loadCardFlow.mockImplementation(async () => cardFlow);
    expect(await store.create()).toBe(true);
    expect(api.orderCreate).toHaveBeenCalledTimes(1);
  });

  it('a store disposed before the code arrives disposes the flow it then gets', async () => {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { store, cardFlow } = setup({ form: cardForm(), loadCardFlow: async () => (await held, cardFlow) });
    const dispose = jest.spyOn(cardFlow, 'dispose');
    store.dispose();
    release?.();
    await held;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(store.cardFlow).toBeNull();
  });
});

describe('ExchangeDetailsStore email by ckm (§4)', () => {
  const onPair = (ckm: 'A' | 'B' | 'D') => makeForm({ pair: pairData(BTC, ETH, { ckm }) });
  const createdBody = (api: ReturnType<typeof setup>['api']) => (api.orderCreate.mock.calls[0] as unknown as [{ body: Record<string, unknown> }])[0].body;

  it('A: a guest’s typed email is confirmed with the code dialog before the order, then remembered', async () => {
    const events: string[] = [];
    const { store, api, deps, form } = setup({ form: onPair('A'), confirmEmail: async (email) => (events.push(`confirm ${email}`), email) });
    api.orderCreate.mockImplementation(async ({ body }) => (events.push('create'), orderLike('ord-1', body.destinationAddress, body.rateMode)));
    fill(store);
    expect(store.askEmail).toBe(true);
    store.setEmail('me@mail.io');
    expect(await store.create()).toBe(true);
    expect(events).toEqual(['confirm me@mail.io', 'create']);
    expect(createdBody(api)).toMatchObject({ userEmail: 'me@mail.io' });
    expect(deps.localEmail.remember).toHaveBeenCalledWith('me@mail.io');
    // a fresh quote after the visitor read the mail
    expect(form.loadRate).toHaveBeenCalledTimes(2);
  });

  it('A: dismissing the dialog creates no order and remembers nothing', async () => {
    const { store, api, deps } = setup({ form: onPair('A'), confirmEmail: async () => null });
    fill(store);
    store.setEmail('me@mail.io');
    expect(await store.create()).toBe(false);
    expect(deps.confirmEmail).toHaveBeenCalledWith('me@mail.io');
    expect(api.orderCreate).not.toHaveBeenCalled();
    expect(deps.localEmail.remember).not.toHaveBeenCalled();
    expect(store.createError).toBeNull();
    expect(store.isCreating).toBe(false);
  });

  it('A: the email the visitor corrected in the dialog is the one sent', async () => {
    const { store, api, deps } = setup({ form: onPair('A'), confirmEmail: async () => 'right@mail.io' });
    fill(store);
    store.setEmail('wrong@mail.io');
    expect(await store.create()).toBe(true);
    expect(createdBody(api)).toMatchObject({ userEmail: 'right@mail.io' });
    expect(deps.localEmail.remember).toHaveBeenCalledWith('right@mail.io');
    expect(store.email).toBe('right@mail.io');
  });

  it('A: an email confirmed before on this browser is offered again and not asked for; another one is', async () => {
    const known = setup({ form: onPair('A'), localEmail: 'Me@Mail.io' });
    expect(known.store.email).toBe('Me@Mail.io');
    fill(known.store);
    known.store.setEmail('me@mail.io');
    expect(await known.store.create()).toBe(true);
    expect(known.deps.confirmEmail).not.toHaveBeenCalled();
    expect(createdBody(known.api)).toMatchObject({ userEmail: 'me@mail.io' });

    const other = setup({ form: onPair('A'), localEmail: 'me@mail.io' });
    fill(other.store);
    other.store.setEmail('someone@else.io');
    await other.store.create();
    expect(other.deps.confirmEmail).toHaveBeenCalledWith('someone@else.io');
  });

  it('A: the email is optional — nothing typed, no dialog and no email on the order', async () => {
    const { store, api, deps } = setup({ form: onPair('A'), localEmail: 'me@mail.io' });
    fill(store);
    store.setEmail('');
    expect(await store.create()).toBe(true);
    expect(deps.confirmEmail).not.toHaveBeenCalled();
    expect(createdBody(api)).not.toHaveProperty('userEmail');
  });

  it('B: asks only on a referral visit', async () => {
    const plain = setup({ form: onPair('B') });
    expect(plain.store.askEmail).toBe(false);
    fill(plain.store);
    await plain.store.create();
    expect(plain.deps.confirmEmail).not.toHaveBeenCalled();

    const referred = setup({ form: onPair('B'), referral: 'r-1' });
    expect(referred.store.askEmail).toBe(true);
    fill(referred.store);
    referred.store.setEmail('me@mail.io');
    await referred.store.create();
    expect(referred.deps.confirmEmail).toHaveBeenCalledWith('me@mail.io');
    expect(createdBody(referred.api)).toMatchObject({ userEmail: 'me@mail.io', referrerId: 'r-1' });
  });

  it('D: never asks', async () => {
    const { store, deps } = setup({ form: onPair('D'), referral: 'r-1' });
    expect(store.askEmail).toBe(false);
    fill(store);
    expect(await store.create()).toBe(true);
    expect(deps.confirmEmail).not.toHaveBeenCalled();
  });

  it.each(['A', 'B', 'D'] as const)('%s: a signed-in user is not asked; the account email is used', async (ckm) => {
    const { store, api, deps } = setup({ form: onPair(ckm), ckmAuthorised: true, referral: 'r-1' });
    expect(store.askEmail).toBe(false);
    fill(store);
    await store.create();
    expect(deps.confirmEmail).not.toHaveBeenCalled();
    expect(createdBody(api)).toMatchObject({ userEmail: 'me@acc.io' });
  });
});

describe('ExchangeDetailsStore QR scan (§2)', () => {
  it('a payment URI fills the address, and the memo when the receive currency uses one', () => {
    const { store } = setup({ form: makeForm({ pair: pairData(BTC, XRP) }) });
    store.setNoMemo(true);
    expect(store.fillFromScan('destinationAddress', 'ripple:rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh?dt=42')).toBe(true);
    expect(store.destinationAddress).toBe('rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh');
    expect(store.destinationMemo).toBe('42');
    expect(store.noMemo).toBe(false);
  });

  it('no memo is filled for a currency without one; a code without an address changes nothing', () => {
    const { store } = setup();
    expect(store.fillFromScan('destinationAddress', 'ethereum:0xabc@1?memo=7')).toBe(true);
    expect(store.destinationAddress).toBe('0xabc');
    expect(store.destinationMemo).toBe('');
    expect(store.fillFromScan('destinationAddress', 'https://example.com')).toBe(false);
    expect(store.destinationAddress).toBe('0xabc');
  });

  it('the refund address and the memo fields', () => {
    const { store } = setup({ form: makeForm({ pair: pairData(XRP, BTC), rateMode: 'FIXED' }) });
    expect(store.fillFromScan('refundAddress', 'xrp:rRefund?tag=9')).toBe(true);
    expect(store.refundAddress).toBe('rRefund');
    expect(store.refundMemo).toBe('9');
    expect(store.fillFromScan('destinationMemo', ' 123 ')).toBe(true);
    expect(store.destinationMemo).toBe('123');
  });

  it('filling a field clears its error', async () => {
    const { store } = setup();
    await store.validate();
    expect(store.errors.destinationAddress).toBe('error_address_empty');
    store.fillFromScan('destinationAddress', 'bitcoin:0xgood');
    expect(store.errors.destinationAddress).toBeUndefined();
  });
});

describe('ExchangeDetailsStore: addresses checked while typing (issue 25)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  /** Lets the timer fire and the server's answer settle. */
  const pause = async (ms = ADDRESS_CHECK_DELAY_MS) => {
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('an invalid address shows its error once typing pauses, without a submit; one check per pause, not per keystroke', async () => {
    const { store, api } = setup();
    for (const typed of ['b', 'ba', 'bad', 'bad-addr']) {
      store.set('destinationAddress', typed);
      await pause(100);
    }
    expect(api.validateAddress).not.toHaveBeenCalled();
    expect(store.errors.destinationAddress).toBeUndefined();
    await pause();
    expect(api.validateAddress).toHaveBeenCalledTimes(1);
    expect(api.validateAddress).toHaveBeenCalledWith({ body: { currencyTitle: 'ETH', networkTitle: 'ERC20', address: 'bad-addr' } });
    expect(store.errors.destinationAddress).toBe('error_address_incorrect');
    // typing again hides it at once; a valid address leaves no error
    store.set('destinationAddress', '0xgood');
    expect(store.errors.destinationAddress).toBeUndefined();
    await pause();
    expect(store.errors.destinationAddress).toBeUndefined();
  });

  it('an emptied field says nothing while typing (the submit says it is required)', async () => {
    const { store, api } = setup();
    store.set('destinationAddress', '   ');
    await pause();
    expect(api.validateAddress).not.toHaveBeenCalled();
    expect(store.errors).toEqual({});
  });

  it('an answer for what was typed before is dropped; a failed check says nothing', async () => {
    const { store, api } = setup();
    let answer!: (valid: boolean) => void;
    api.validateAddress.mockImplementationOnce(() => new Promise<boolean>((r) => (answer = r)));
    store.set('destinationAddress', 'bad-1');
    await pause();
    store.set('destinationAddress', '0xgood');
    answer(false);
    await pause(0);
    expect(store.errors.destinationAddress).toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.validateAddress.mockRejectedValueOnce(new Error('offline'));
    store.set('destinationAddress', 'bad-2');
    await pause();
    expect(store.errors.destinationAddress).toBeUndefined();
    warn.mockRestore();
  });

  it('fixed rate: the refund address is checked for the send coin, and must differ from the destination', async () => {
    const { store, api } = setup({ form: makeForm({ rateMode: 'FIXED' }) });
    store.set('destinationAddress', '0xsame');
    await pause();
    store.set('refundAddress', '0xsame');
    await pause();
    expect(store.errors.refundAddress).toBe('error_address_must_be_different');
    store.set('refundAddress', 'bad-refund');
    await pause();
    expect(api.validateAddress).toHaveBeenLastCalledWith({ body: { currencyTitle: 'BTC', networkTitle: 'BTC', address: 'bad-refund' } });
    expect(store.errors.refundAddress).toBe('error_address_incorrect');
  });

  it('leaving the page cancels the check waiting for a pause', async () => {
    const { store, api } = setup();
    store.set('destinationAddress', 'bad-addr');
    store.dispose();
    await pause();
    expect(api.validateAddress).not.toHaveBeenCalled();
  });
});

describe('ExchangeDetailsStore maximum slippage (issue 29)', () => {
  const bodyOf = (api: ReturnType<typeof setup>['api']) =>
    (api.orderCreate.mock.calls.at(-1) as unknown as [{ body: Record<string, unknown>; headers: Record<string, string> }])[0];

  it('sends the chosen slippage with a floating order, and a new Idempotency-Key when it changes', async () => {
    const { store, api } = setup();
    fill(store);
    store.setMaxSlippage('0.02');
    expect(await store.create()).toBe(true);
    const first = bodyOf(api);
    expect(first.body.maxSlippage).toBe('0.02');
    store.setMaxSlippage('0.005');
    expect(await store.create()).toBe(true);
    expect(bodyOf(api).body.maxSlippage).toBe('0.005');
    expect(bodyOf(api).headers['Idempotency-Key']).not.toBe(first.headers['Idempotency-Key']);
  });

  it('sends none with a fixed-rate order (the api refuses it there)', async () => {
    const { store, api } = setup({ form: makeForm({ rateMode: 'FIXED' }) });
    fill(store);
    store.set('refundAddress', 'bc1refund');
    expect(store.asksSlippage).toBe(false);
    expect(await store.create()).toBe(true);
    expect(bodyOf(api).body).not.toHaveProperty('maxSlippage');
  });

  it('a custom value that is not one within the bounds blocks the order at the field', async () => {
    const { store, api } = setup();
    fill(store);
    store.setMaxSlippage(null);
    expect(await store.create()).toBe(false);
    expect(store.errors.maxSlippage).toBe('error_slippage_range');
    expect(api.orderCreate).not.toHaveBeenCalled();
    store.setMaxSlippage('0.0125');
    expect(store.errors.maxSlippage).toBeUndefined();
  });

  it("shows the server's refusal of the slippage at the field", async () => {
    const { store, api } = setup();
    fill(store);
    api.orderCreate.mockRejectedValueOnce(ApiError.of('ERR_VALIDATION', 'Invalid body.maxSlippage', { fields: { maxSlippage: 'must be from 0.001 to 0.05' } }));
    expect(await store.create()).toBe(false);
    expect(store.errors.maxSlippage).toBe('error_slippage_range');
  });
});
