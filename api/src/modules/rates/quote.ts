// Pair pricing (§3 Pair data) with decimal.js only. Rates are "units of TO per 1 FROM".
//   raw price      = USD(from) / USD(to)
//   price          = raw × (1 − spread[rateMode])
//   amountToGet    = claimedDepositAmount × price − finalNetworkFeeAmount − platformFee_Absolute
// Deposit limits come from the instruments' USD limits converted to the send currency.
// Issue 29, the all-in quote: marketAmountToGet = deposit × raw price (rounded down to the receive coin's unit), and
// the fee lines taken from it (spread, network fee, service fee) leave exactly amountToGet; estimatedSeconds is the
// send network's time estimate (modules/estimates, from memory).
import Decimal from 'decimal.js';
import {
  ApiError,
  DEFAULT_AMOUNT,
  type EstimatedSeconds,
  type FeeLine,
  amountDecimals,
  askedAmount,
  promisedAmount,
  type ExchangeRequest,
  type PairData,
  type RateMode,
} from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import { D, money, rate } from '../../lib/decimal';
import { DEFAULT_HOLD_REFUND_HOURS, holdRulesFor } from './holdRules';
import type { PriceBoard, QuotePair } from '../../realtime/types';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';

export type QuoteConfig = ModuleConfig<'rates'>;

export interface QuoteDeps {
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  config: QuoteConfig;
  /** Shown as liquidityProviderPublicCode, e.g. SANDBOX_LP while the market adapter is the sandbox. */
  liquidityProviderPublicCode: string;
  /**
   * The card provider a fiat sender buys through, if any: a card pair quotes its name as liquidityProviderPublicCode,
   * the {provider} of the §7 card-provider calls the client's card flow makes (§4).
   */
  cardProviderOf?: (fiat: InstrumentRecord) => string | null;
  /** Issue 29: HOLD_REFUND_HOURS, published in every quote's holdRules (default 24). */
  holdRefundHours?: number;
  /** Issue 29: the send network's time estimate (modules/estimates); default: the chain-pace-free fallback below. */
  estimateFor?: (networkTitle: string) => EstimatedSeconds;
  now?: () => Date;
}

/** Without the estimates module (unit tests): the required confirmations at a minute each plus a minute, p90 twice that. */
function unmeasuredEstimate(from: InstrumentRecord): EstimatedSeconds {
  const p50 = (from.requiredConfirmations + 1) * 60;
  return { p50, p90: 2 * p50, basis: 'default', sampleSize: 0 };
}

/**
 * Issue 29: every fee of a quote, in the receive currency and taken from what is received. The spread is the rest of
 * the deposit's market value (rounded down to the receive coin's unit) once the other lines and amountToGet are
 * taken, so the lines add up exactly: marketAmountToGet − Σ lines = amountToGet.
 */
function feeLinesFor(
  deposit: D,
  raw: D,
  fees: { networkFee: D; platformFee: D },
  amountToGet: D,
  to: InstrumentRecord,
): { marketAmountToGet: D; feeLines: FeeLine[] } {
  const marketAmountToGet = new D(promisedAmount(deposit.mul(raw).toFixed(), to));
  const spread = marketAmountToGet.minus(fees.networkFee).minus(fees.platformFee).minus(amountToGet);
  const line = (kind: FeeLine['kind'], amount: D): FeeLine => ({
    kind,
    amount: money(amount),
    currencyTitle: to.currencyTitle,
    slug: to.slug,
    takenFromAmountToGet: true,
  });
  return {
    marketAmountToGet,
    feeLines: [line('NETWORK_FEE', fees.networkFee), line('SERVICE_FEE', fees.platformFee), line('SPREAD', spread)],
  };
}

/** The instrument's USD price from the board; none yet (or not positive) → ERR_SERVICE_UNAVAILABLE. */
export function usdPrice(priceBoard: PriceBoard, i: InstrumentRecord): D {
  const p = priceBoard.priceUsd(i.currencyTitle);
  if (!p || !p.isFinite() || p.lte(0)) throw ApiError.of('ERR_SERVICE_UNAVAILABLE', `No market price for ${i.currencyTitle} yet`);
  return new D(p);
}

/** The platform price: the raw market rate less the rate mode's spread (the formula above). */
export const spreadPrice = (raw: D, spread: Decimal.Value): D => raw.mul(new D(1).minus(spread));

/**
 * What the customer receives for `deposit` at `price`: less the payout network fee and the platform fee,
 * never below 0, a promise: rounded down to the receive coin's unit (shared-contracts amounts.ts, §9).
 * The rate endpoint quotes with it and the order job executes floating orders with it.
 */
export function amountToGetFor(deposit: D, price: D, fees: { networkFee: Decimal.Value; platformFee: Decimal.Value }, to: InstrumentRecord): D {
  return new D(promisedAmount(D.max(0, deposit.mul(price).minus(fees.networkFee).minus(fees.platformFee)).toFixed(), to));
}

/** A deposit the service asks for: rounded up to the send coin's unit (shared-contracts amounts.ts, §9). */
const asked = (value: D, from: InstrumentRecord): D => new D(askedAmount(value.toFixed(), from));

/** A quote with no amount prices this many USD worth of the send currency (crypto); fiat uses §9's 500. */
const DEFAULT_QUOTE_USD = new D(DEFAULT_AMOUNT);

export function createQuotePair(deps: QuoteDeps): QuotePair {
  const quote = createQuote(deps);
  return async (request) => quote(request);
}

/** Synchronous core of QuotePair (the rate endpoint calls it directly). */
export function createQuote({
  instruments,
  priceBoard,
  config,
  liquidityProviderPublicCode,
  cardProviderOf,
  estimateFor,
  holdRefundHours = DEFAULT_HOLD_REFUND_HOURS,
  now = () => new Date(),
}: QuoteDeps) {
  const spreads: Record<RateMode, D> = { FLOATING: new D(config.spread.FLOATING), FIXED: new D(config.spread.FIXED) };
  const platformFeeUsd = new D(config.platformFeeUsd);
  const noKycUsd = new D(config.noKycThresholdUsd);

  const find = (slug: string): InstrumentRecord => {
    const found = instruments.bySlug(slug);
    if (!found) throw ApiError.of('ERR_NOT_FOUND', `Instrument ${slug} not found`);
    return found;
  };
  const usd = (i: InstrumentRecord): D => usdPrice(priceBoard, i);

  return function quote(request: ExchangeRequest): PairData {
    const amountCurrency = request.claimedDepositAmountCurrency;
    const fromSlug = request.instrumentFromSlug ?? (amountCurrency !== request.instrumentToSlug ? amountCurrency : undefined);
    if (!fromSlug) {
      throw ApiError.of('ERR_VALIDATION', 'instrumentFromSlug is required', { fields: { instrumentFromSlug: 'Required' } });
    }
    const from = find(fromSlug);
    const to = find(request.instrumentToSlug);
    // §5: send and receive cannot be the same; selling for fiat is not offered.
    if (from.slug === to.slug) throw ApiError.of('ERR_PAIR_NOT_ACTIVE', `Pair ${from.slug}-${to.slug} is not active: same instrument`);
    if (!from.isActive || !to.isActive || to.isFiat) throw ApiError.of('ERR_PAIR_NOT_ACTIVE', `Pair ${from.slug}-${to.slug} is not active`);
    if (amountCurrency && amountCurrency !== from.slug && amountCurrency !== to.slug) {
      throw ApiError.of('ERR_VALIDATION', 'claimedDepositAmountCurrency must be the send or receive instrument', {
        fields: { claimedDepositAmountCurrency: 'Must be instrumentFromSlug or instrumentToSlug' },
      });
    }
    const rateMode: RateMode = request.rateMode ?? 'FLOATING';
    // §8 ERR_NOT_ACCEPTABLE makes the client fall back to FLOATING: card purchases are floating only.
    if (rateMode === 'FIXED' && from.isFiat) throw ApiError.of('ERR_NOT_ACCEPTABLE', 'Fixed rate is not available for card purchases');

    const updatedAt = priceBoard.updatedAt;
    const usdFrom = usd(from);
    const usdTo = usd(to);
    if (!updatedAt) throw ApiError.of('ERR_SERVICE_UNAVAILABLE', 'No market prices yet');

    const raw = usdFrom.div(usdTo);
    const price = spreadPrice(raw, spreads[rateMode]);
    const networkFee = new D(to.networkFee);
    const platformFee = platformFeeUsd.div(usdTo).toDecimalPlaces(to.precisionDecimals, Decimal.ROUND_UP);
    const fromDp = amountDecimals(from);

    // The minimum also covers twice the payout fees, so a minimal deposit always receives something.
    const feesUsd = networkFee.mul(usdTo).plus(platformFeeUsd).mul(2);
    const minUsd = D.max(from.minDepositUsd, to.minDepositUsd, feesUsd);
    const maxUsd = D.min(from.maxDepositUsd, to.maxDepositUsd);
    const minAmount = minUsd.div(usdFrom).toDecimalPlaces(fromDp, Decimal.ROUND_UP);
    const maxAmount = maxUsd.div(usdFrom).toDecimalPlaces(fromDp, Decimal.ROUND_DOWN);

    let deposit: D;
    if (request.claimedDepositAmount === undefined) {
      deposit = from.isFiat ? new D(DEFAULT_AMOUNT) : DEFAULT_QUOTE_USD.div(usdFrom).toDecimalPlaces(fromDp, Decimal.ROUND_UP);
      deposit = D.min(D.max(deposit, minAmount), maxAmount);
    } else if (amountCurrency === to.slug) {
      // The amount is what the client wants to receive: solve amountToGet for the deposit, asked in the send coin's
      // unit (rounded up), so that the promise, rounded down to the receive coin's unit, is at least the amount wanted.
      const wanted = new D(askedAmount(request.claimedDepositAmount, to));
      deposit = asked(wanted.plus(networkFee).plus(platformFee).div(price), from);
      // 40 significant digits can land a hair under the exact quotient: one more unit of the send coin then.
      if (amountToGetFor(deposit, price, { networkFee, platformFee }, to).lt(wanted)) deposit = deposit.plus(new D(10).pow(-fromDp));
    } else {
      deposit = asked(new D(request.claimedDepositAmount), from); // §9, to the send coin's unit
    }

    const unit = from.currencyTitle;
    const noKycThreshold = noKycUsd.div(usdFrom).toDecimalPlaces(fromDp, Decimal.ROUND_DOWN);
    if (deposit.lt(minAmount)) {
      throw ApiError.of(
        'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL',
        `Claimed deposit amount ${money(deposit)} ${unit} is below the minimum of ${money(minAmount)} ${unit}`,
        {
          // generalMinAmount: the pair's general minimum (§8: a referral visit keeps it); the same as expectedAmount
          // while no referral has a minimum of its own.
          details: { expectedAmount: money(minAmount), generalMinAmount: money(minAmount) },
        },
      );
    }
    if (deposit.gt(maxAmount)) {
      throw ApiError.of(
        'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG',
        `Claimed deposit amount ${money(deposit)} ${unit} is above the maximum of ${money(maxAmount)} ${unit}`,
        {
          details: { expectedAmount: money(maxAmount) },
        },
      );
    }

    const amountToGet = amountToGetFor(deposit, price, { networkFee, platformFee }, to);
    const { marketAmountToGet, feeLines } = feeLinesFor(deposit, raw, { networkFee, platformFee }, amountToGet, to);
    const t = now();

    return {
      instrumentFrom: from.public,
      instrumentTo: to.public,
      liquidityProviderPublicCode: (from.isFiat && cardProviderOf?.(from)) || liquidityProviderPublicCode,
      amountToGet: money(amountToGet),
      amountToGive: money(deposit),
      rateMode,
      price: rate(price),
      updatedAt: updatedAt.toISOString(),
      marketLeftPrice: rate(raw),
      marketRightPrice: rate(new D(1).div(raw)),
      marketMinAmount: money(from.minDepositUsd.div(usdFrom), fromDp, Decimal.ROUND_UP),
      finalNetworkFeeAmount: money(networkFee),
      platformFee_Absolute: money(platformFee),
      // buy: TO received per 1 FROM; sell: FROM paid per 1 TO, both at the platform price.
      quotes: { buyQuote: { quoteValue: rate(price) }, sellQuote: { quoteValue: rate(new D(1).div(price)) } },
      claimedDepositAmount: money(deposit),
      generalMinAmount: money(minAmount),
      generalMaxAmount: money(maxAmount),
      depositRules: { minAmount: money(minAmount), maxAmount: money(maxAmount) },
      noKycThreshold: money(noKycThreshold),
      minConfirmationsToWithdraw: from.requiredConfirmations,
      ckm: config.ckm,
      isActive: true,
      // issue 29: what would hold this order, said before the deposit
      holdRules: holdRulesFor({ from, deposit, minAmount, maxAmount, noKycThreshold, refundWithinHours: holdRefundHours }),
      ...(rateMode === 'FIXED' ? { fixedRateExpiresAt: new Date(t.getTime() + config.fixedRateHoldSeconds * 1000).toISOString() } : {}),
      marketAmountToGet: money(marketAmountToGet),
      feeLines,
      estimatedSeconds: estimateFor ? estimateFor(from.networkTitle) : unmeasuredEstimate(from),
    };
  };
}
