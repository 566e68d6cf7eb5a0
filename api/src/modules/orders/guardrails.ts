// Money guardrails (issue 7): a deposit the pair would not have quoted is held instead of exchanged.
import type { OrderHoldReason, PairData } from 'shared-contracts/server';
import { D } from '../../lib/decimal';
import { REASONS } from './lifecycle';

/** The hold reasons a deposit's amount gives (the pair being switched off is the other: jobSteps.ts). */
type HoldReason = Exclude<OrderHoldReason, typeof REASONS.pairNotActive>;

export interface DepositHold {
  reason: HoldReason;
  /** The limit the deposit exceeded, in the send currency. */
  limit: D;
}

/**
 * A deposit this share of today's minimum or more is exchanged: the minimum (in the send currency) moves with the market
 * between the order and its deposit, and a customer who sent the minimum he was shown must not be held for that.
 */
const MIN_DEPOSIT_TOLERANCE = new D('0.9');

export type DepositLimits = Pick<PairData, 'depositRules' | 'generalMaxAmount' | 'noKycThreshold'>;

/**
 * Why `deposit` may not be exchanged automatically, or null when it may. `limits` is the pair's quote
 * (rates/quote.ts) in the send currency.
 *  - Above the maximum (the smaller of depositRules.maxAmount and generalMaxAmount): DEPOSIT_ABOVE_MAXIMUM.
 *    A non-positive maximum means "absent" (§5: the maximum is 0 when the deposit rules carry none).
 *  - Above noKycThreshold, only where the pair's flow has an identity check (`kycApplies`: the card flow
 *    of §4, fiat on the send side): DEPOSIT_ABOVE_NO_KYC_THRESHOLD. Crypto pairs have no KYC step, so
 *    their threshold is informational and their orders are not limited by it.
 *  - Below the minimum (depositRules.minAmount, with MIN_DEPOSIT_TOLERANCE): DEPOSIT_BELOW_MINIMUM. Exchanged, such
 *    a deposit would pay out nothing once the network fee is taken: held for a refund instead (found in issue 13).
 * The maximum is checked first: it cannot be lifted by verifying an identity.
 */
export function depositHold(deposit: D, limits: DepositLimits, kycApplies: boolean): DepositHold | null {
  const maxima = [limits.depositRules.maxAmount, limits.generalMaxAmount].map((v) => new D(v)).filter((v) => v.gt(0));
  if (maxima.length) {
    const maximum = D.min(...maxima);
    if (deposit.gt(maximum)) return { reason: REASONS.depositAboveMaximum, limit: maximum };
  }
  const minimum = new D(limits.depositRules.minAmount);
  if (minimum.gt(0) && deposit.lt(minimum.times(MIN_DEPOSIT_TOLERANCE))) return { reason: REASONS.depositBelowMinimum, limit: minimum };
  if (kycApplies) {
    const threshold = new D(limits.noKycThreshold);
    if (threshold.gt(0) && deposit.gt(threshold)) return { reason: REASONS.depositAboveNoKycThreshold, limit: threshold };
  }
  return null;
}
