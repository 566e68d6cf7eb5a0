import type { Instrument, PairData } from 'shared-contracts';

export function instrument(slug: string, over: Partial<Instrument> = {}): Instrument {
  const title = slug.toUpperCase();
  return {
    currencyTitle: title,
    networkTitle: title,
    slug,
    bestChangeName: title,
    currencyFriendlyTitle: title,
    currencyLogoLink: '',
    instrumentType: 'crypto',
    requiresMemo: false,
    precisionDecimals: 8,
    provider: 'EXCHANGE',
    isActive: true,
    ...over,
  };
}

export const BTC = instrument('btc', { currencyFriendlyTitle: 'Bitcoin', networkTitle: 'BTC' });
export const ETH = instrument('eth', { currencyFriendlyTitle: 'Ethereum', networkTitle: 'ERC20' });
/** A card instrument (§1 fiat: send side only, a purchase). */
export const USD = instrument('usd', {
  currencyFriendlyTitle: 'US dollar',
  networkTitle: 'CARD',
  instrumentType: 'fiat',
  provider: 'CARD',
  precisionDecimals: 2,
});
export const USDT = instrument('usdttrc20', { currencyTitle: 'USDT', currencyFriendlyTitle: 'Tether', networkTitle: 'TRC20' });

export function pairData(from: Instrument, to: Instrument, over: Partial<PairData> = {}): PairData {
  return {
    instrumentFrom: from,
    instrumentTo: to,
    liquidityProviderPublicCode: 'sandbox',
    amountToGet: '10.2',
    amountToGive: '0.5',
    rateMode: 'FLOATING',
    price: '20.412345678',
    updatedAt: '2030-01-01T00:00:00.000Z',
    marketLeftPrice: '1',
    marketRightPrice: '20.4',
    marketMinAmount: '0.001',
    finalNetworkFeeAmount: '0.001',
    platformFee_Absolute: '0.001',
    quotes: { buyQuote: { quoteValue: '20.4' }, sellQuote: { quoteValue: '20.5' } },
    claimedDepositAmount: '0.5',
    generalMinAmount: '0.001',
    generalMaxAmount: '100',
    depositRules: { minAmount: '0.001', maxAmount: '100' },
    noKycThreshold: '1000',
    minConfirmationsToWithdraw: 1,
    ckm: 'D',
    isActive: true,
    // issue 29: the all-in quote (market value − the lines = amountToGet) and the send network's estimate
    marketAmountToGet: '10.21',
    feeLines: [
      { kind: 'NETWORK_FEE', amount: '0.001', currencyTitle: to.currencyTitle, slug: to.slug, takenFromAmountToGet: true },
      { kind: 'SERVICE_FEE', amount: '0.001', currencyTitle: to.currencyTitle, slug: to.slug, takenFromAmountToGet: true },
      { kind: 'SPREAD', amount: '0.008', currencyTitle: to.currencyTitle, slug: to.slug, takenFromAmountToGet: true },
    ],
    estimatedSeconds: { p50: 420, p90: 900, basis: 'measured', sampleSize: 40 },
    ...over,
  };
}
