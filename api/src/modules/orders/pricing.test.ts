// Issue 8: the order job executes a floating order with the rate endpoint's formula, not a copy of it.
import type { OrderRow } from '../../db/schema';
import { money, rate } from '../../lib/decimal';
import { catalogueRepo } from '../../../test/helpers/catalogue';
import { FakePriceBoard, TEST_PRICES } from '../../../test/helpers/fakes';
import { createQuote } from '../rates';
import { createOrderContext, type OrderServiceDeps } from './context';
import { createOrderPricing } from './pricing';

const spread = { FLOATING: '0.005', FIXED: '0.01' };

function setup(platformFeeUsd: string) {
  const instruments = catalogueRepo();
  const priceBoard = new FakePriceBoard(TEST_PRICES);
  const quote = createQuote({
    instruments,
    priceBoard,
    config: { spread, platformFeeUsd, noKycThresholdUsd: '1000', ckm: 'A', fixedRateHoldSeconds: 600 },
    liquidityProviderPublicCode: 'SANDBOX_LP',
  });
  const deps = {
    instruments,
    priceBoard,
    quote,
    config: { spread, confirmationIntervalMs: 0, fixedRateVolatilityThreshold: '0.02', blacklistedAddresses: [] },
  } as unknown as OrderServiceDeps;
  return { quote, pricing: createOrderPricing(createOrderContext(deps)) };
}

/** The fields pricing reads, as an order created from `pair` would hold them. */
const rowFor = (pair: { finalNetworkFeeAmount: string; platformFee_Absolute: string }, fromSlug: string, toSlug: string, depositAmount: string) =>
  ({
    fromSlug,
    toSlug,
    depositAmount,
    claimedDepositAmount: depositAmount,
    networkFee: pair.finalNetworkFeeAmount,
    platformFee: pair.platformFee_Absolute,
  }) as OrderRow;

describe('order pricing', () => {
  it.each([
    ['btc', 'eth', '0.1', '0'],
    ['btc', 'eth', '0.1', '2.5'],
    ['eth', 'usdttrc20', '1.23456789', '1'],
  ])('a floating %s→%s deposit of %s (platform fee %s USD) executes at what the rate endpoint quotes for it', (from, to, amount, fee) => {
    const { quote, pricing } = setup(fee);
    const pair = quote({ instrumentFromSlug: from, instrumentToSlug: to, claimedDepositAmount: amount, rateMode: 'FLOATING' });
    const exec = pricing.floatingFor(rowFor(pair, from, to, amount));
    expect(rate(exec.price)).toBe(pair.price);
    expect(money(exec.amountToGet)).toBe(pair.amountToGet);
  });

  it('the market rate is the raw rate, without a spread', () => {
    const { quote, pricing } = setup('0');
    const pair = quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FLOATING' });
    expect(rate(pricing.marketRate(rowFor(pair, 'btc', 'eth', '0.1')))).toBe(pair.marketLeftPrice);
  });
});
