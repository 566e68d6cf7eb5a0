import { ApiError, MoneySchema, PairDataSchema, type ExchangeRequest } from 'shared-contracts/server';
import { createQuote, createQuotePair, type QuoteConfig } from '../src/modules/rates/quote';
import { catalogueRepo } from './helpers/catalogue';
import { FakePriceBoard, TEST_PRICES } from './helpers/fakes';

const config: QuoteConfig = {
  spread: { FLOATING: '0.005', FIXED: '0.01' },
  platformFeeUsd: '0',
  noKycThresholdUsd: '1000',
  ckm: 'A',
  fixedRateHoldSeconds: 600,
};
const NOW = new Date('2030-01-01T00:00:00.000Z');

function setup(prices = TEST_PRICES, cfg: Partial<QuoteConfig> = {}) {
  const board = new FakePriceBoard(prices, new Date('2029-12-31T23:59:58.000Z'));
  const quote = createQuote({
    instruments: catalogueRepo(),
    priceBoard: board,
    config: { ...config, ...cfg },
    liquidityProviderPublicCode: 'SANDBOX_LP',
    now: () => NOW,
  });
  return { board, quote };
}

function expectApiError(fn: () => unknown, code: string): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(code);
    return err as ApiError;
  }
  throw new Error(`expected ${code}`);
}

const btcEth = (extra: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  instrumentFromSlug: 'btc',
  instrumentToSlug: 'eth',
  claimedDepositAmount: '0.1',
  ...extra,
});

describe('quote maths', () => {
  it('prices FLOATING with the 0.5 % spread and subtracts the network fee', () => {
    const { quote } = setup();
    const q = quote(btcEth());
    // raw 60000/3000 = 20; price 20 × 0.995 = 19.9; 0.1 × 19.9 − 0.002 ETH fee = 1.988
    expect(q.marketLeftPrice).toBe('20');
    expect(q.marketRightPrice).toBe('0.05');
    expect(q.price).toBe('19.9');
    expect(q.amountToGet).toBe('1.988');
    expect(q.amountToGive).toBe('0.1');
    expect(q.claimedDepositAmount).toBe('0.1');
    expect(q.finalNetworkFeeAmount).toBe('0.002');
    expect(q.platformFee_Absolute).toBe('0');
    expect(q.quotes.buyQuote.quoteValue).toBe('19.9');
    expect(q.quotes.sellQuote.quoteValue).toBe('0.0502512562814');
    expect(q.rateMode).toBe('FLOATING');
    expect(q.fixedRateExpiresAt).toBeUndefined();
    expect(q.updatedAt).toBe('2029-12-31T23:59:58.000Z');
    expect(q.liquidityProviderPublicCode).toBe('SANDBOX_LP');
    expect(q.ckm).toBe('A');
    expect(q.minConfirmationsToWithdraw).toBe(2);
    expect(PairDataSchema.parse(q)).toBeTruthy();
  });

  it('prices FIXED with the 1 % spread and a hold time', () => {
    const { quote } = setup();
    const q = quote(btcEth({ rateMode: 'FIXED' }));
    expect(q.price).toBe('19.8');
    expect(q.amountToGet).toBe('1.978');
    expect(q.fixedRateExpiresAt).toBe('2030-01-01T00:10:00.000Z');
  });

  it('uses decimals, not floats (0.1 + 0.2 style inputs stay exact)', () => {
    const { quote } = setup({ ...TEST_PRICES, BTC: '0.3', ETH: '0.1' }, { spread: { FLOATING: '0', FIXED: '0' } });
    const q = quote(btcEth({ claimedDepositAmount: '100000' }));
    expect(q.price).toBe('3');
  });

  it('rounds the claimed amount to 8 decimals (§9) and amountToGet down to the receive precision', () => {
    const { quote } = setup();
    const q = quote(btcEth({ claimedDepositAmount: '0.123456789' }));
    expect(q.claimedDepositAmount).toBe('0.12345679');
    // 0.12345679 × 19.9 − 0.002 = 2.454790121 → 8 dp down
    expect(q.amountToGet).toBe('2.45479012');
    const usdt = quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'usdttrc20', claimedDepositAmount: '0.01' });
    // 0.01 × 60000 × 0.995 − 1 = 596 (USDT precision 6)
    expect(usdt.amountToGet).toBe('596');
  });

  it('converts USD limits to the send currency, rounded to its precision', () => {
    const { quote } = setup();
    const q = quote(btcEth());
    // min 20 USD / 60000 = 0.000333…→ up; max 100000 USD / 60000 = 1.666…→ down
    expect(q.depositRules).toEqual({ minAmount: '0.00033334', maxAmount: '1.66666666' });
    expect(q.generalMinAmount).toBe('0.00033334');
    expect(q.generalMaxAmount).toBe('1.66666666');
    expect(q.marketMinAmount).toBe('0.00033334');
    expect(q.noKycThreshold).toBe('0.01666666');
    // The receive side's network fee raises the minimum: USDT ERC20 fee 5 USD ×2 < its 50 USD minimum.
    const erc = quote({ instrumentFromSlug: 'eth', instrumentToSlug: 'usdterc20', claimedDepositAmount: '1' });
    expect(erc.depositRules.minAmount).toBe('0.01666667');
  });

  it('answers TOO_SMALL (with the general minimum) and TOO_BIG with expectedAmount (§8)', () => {
    const { quote } = setup();
    const small = expectApiError(() => quote(btcEth({ claimedDepositAmount: '0.0001' })), 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL');
    expect(small.statusCode).toBe(400);
    expect(small.details).toEqual({ expectedAmount: '0.00033334', generalMinAmount: '0.00033334' });
    expect(small.message).toContain('0.0001');
    const big = expectApiError(() => quote(btcEth({ claimedDepositAmount: '2' })), 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG');
    expect(big.details).toEqual({ expectedAmount: '1.66666666' });
    expectApiError(() => quote(btcEth({ claimedDepositAmount: '-1' })), 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL');
    // Exactly the limits are accepted.
    expect(quote(btcEth({ claimedDepositAmount: '0.00033334' })).claimedDepositAmount).toBe('0.00033334');
    expect(quote(btcEth({ claimedDepositAmount: '1.66666666' })).claimedDepositAmount).toBe('1.66666666');
  });

  it('rejects same, inactive, unknown and fiat-receive pairs', () => {
    const { quote } = setup();
    expectApiError(() => quote(btcEth({ instrumentToSlug: 'btc' })), 'ERR_PAIR_NOT_ACTIVE');
    expectApiError(() => quote(btcEth({ instrumentToSlug: 'xmr' })), 'ERR_PAIR_NOT_ACTIVE');
    expectApiError(() => quote(btcEth({ instrumentToSlug: 'usd' })), 'ERR_PAIR_NOT_ACTIVE');
    expect(expectApiError(() => quote(btcEth({ instrumentToSlug: 'nope' })), 'ERR_NOT_FOUND').statusCode).toBe(404);
    expectApiError(() => quote({ instrumentToSlug: 'eth' }), 'ERR_VALIDATION');
  });

  it('answers SERVICE_UNAVAILABLE before the first price', () => {
    const { quote } = setup({});
    expect(expectApiError(() => quote(btcEth()), 'ERR_SERVICE_UNAVAILABLE').statusCode).toBe(503);
  });

  it('offers card purchases (fiat → crypto) at a floating rate only', () => {
    const { quote } = setup();
    const q = quote({ instrumentFromSlug: 'usd', instrumentToSlug: 'btc', claimedDepositAmount: '500' });
    // 500 / 60000 × 0.995 − 0.0001 = 0.00819166…
    expect(q.amountToGet).toBe('0.00819166');
    expect(q.depositRules).toEqual({ minAmount: '30', maxAmount: '5000' });
    expectApiError(() => quote({ instrumentFromSlug: 'usd', instrumentToSlug: 'btc', claimedDepositAmount: '500', rateMode: 'FIXED' }), 'ERR_NOT_ACCEPTABLE');
  });

  it('defaults the amount: 500 for fiat, 500 USD worth for crypto', () => {
    const { quote } = setup();
    expect(quote({ instrumentFromSlug: 'eur', instrumentToSlug: 'eth' }).claimedDepositAmount).toBe('500');
    expect(quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth' }).claimedDepositAmount).toBe('0.00833334');
  });

  it('solves for the deposit when the amount is given in the receive currency', () => {
    const { quote } = setup();
    const q = quote(btcEth({ claimedDepositAmount: '1.988', claimedDepositAmountCurrency: 'eth' }));
    expect(q.claimedDepositAmount).toBe('0.1');
    expect(q.amountToGet).toBe('1.988');
    expectApiError(() => quote(btcEth({ claimedDepositAmountCurrency: 'ltc' })), 'ERR_VALIDATION');
  });

  it('never writes exponent notation', () => {
    const { quote } = setup({ ...TEST_PRICES, DOGE: '0.0000001', BTC: '90000000' }, { spread: { FLOATING: '0', FIXED: '0' } });
    const q = quote({ instrumentFromSlug: 'doge', instrumentToSlug: 'btc', claimedDepositAmount: '200000000000' });
    for (const v of [q.price, q.marketLeftPrice, q.marketRightPrice, q.amountToGet, q.depositRules.minAmount, q.noKycThreshold]) {
      expect(MoneySchema.safeParse(v).success).toBe(true);
    }
    expect(q.marketLeftPrice).toBe('0.00000000000000111111111111');
  });

  it('QuotePair is the async form used by the WebSocket', async () => {
    const board = new FakePriceBoard(TEST_PRICES);
    const pair = createQuotePair({ instruments: catalogueRepo(), priceBoard: board, config, liquidityProviderPublicCode: 'X' });
    await expect(pair(btcEth())).resolves.toMatchObject({ price: '19.9' });
    await expect(pair(btcEth({ instrumentToSlug: 'btc' }))).rejects.toMatchObject({ code: 'ERR_PAIR_NOT_ACTIVE' });
  });
});
