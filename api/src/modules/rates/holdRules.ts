// Issue 29 "no surprise holds": the hold rules a quote publishes (PairData.holdRules). They are the checks of
// orders/guardrails.ts `depositHold` (and jobSteps' pair-switched-off check) written out for one pair and amount, so that
// the form can say before the deposit what would hold it; api/test/holdRules.test.ts proves that both agree.
import type { HoldRule, HoldRules } from 'shared-contracts/server';
import { D, money } from '../../lib/decimal';

/** HOLD_REFUND_HOURS' default (config.ts): a quote made without the setting (unit tests) publishes it. */
export const DEFAULT_HOLD_REFUND_HOURS = 24;

/** guardrails.ts MIN_DEPOSIT_TOLERANCE: a deposit this share of the minimum or more is exchanged. */
const MIN_DEPOSIT_TOLERANCE = new D('0.9');

interface HoldRulesInput {
  /** The send instrument: its currency and the network fee of a refund to it. */
  from: { currencyTitle: string; networkFee: D; isFiat: boolean };
  /** The quoted deposit, in the send currency. */
  deposit: D;
  /** The pair's limits in the send currency (PairData depositRules, generalMaxAmount, noKycThreshold); 0 = none. */
  minAmount: D;
  maxAmount: D;
  noKycThreshold: D;
  /** HOLD_REFUND_HOURS. */
  refundWithinHours: number;
}

/**
 * The rules, in the order depositHold applies them: the maximum (nothing lifts it), the minimum with its tolerance,
 * the no-KYC threshold where the flow has an identity check (a fiat sender: the card flow of §4; a crypto pair has
 * none, so its threshold holds nothing and is not listed), then the pair being switched off before the deposit is
 * confirmed (any amount).
 */
export function holdRulesFor(input: HoldRulesInput): HoldRules {
  const { deposit, from } = input;
  const currencyTitle = from.currencyTitle;
  const rules: HoldRule[] = [];
  if (input.maxAmount.gt(0)) {
    rules.push({
      reason: 'DEPOSIT_ABOVE_MAXIMUM',
      when: 'ABOVE',
      threshold: money(input.maxAmount),
      currencyTitle,
      appliesToQuotedAmount: deposit.gt(input.maxAmount),
    });
  }
  if (input.minAmount.gt(0)) {
    const floor = input.minAmount.times(MIN_DEPOSIT_TOLERANCE);
    rules.push({ reason: 'DEPOSIT_BELOW_MINIMUM', when: 'BELOW', threshold: money(floor), currencyTitle, appliesToQuotedAmount: deposit.lt(floor) });
  }
  if (from.isFiat && input.noKycThreshold.gt(0)) {
    const threshold = input.noKycThreshold;
    rules.push({
      reason: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD',
      when: 'ABOVE',
      threshold: money(threshold),
      currencyTitle,
      appliesToQuotedAmount: deposit.gt(threshold),
    });
  }
  rules.push({ reason: 'PAIR_NOT_ACTIVE', when: 'ANY', threshold: null, currencyTitle, appliesToQuotedAmount: false });
  return {
    rules,
    refundWithinHours: input.refundWithinHours,
    refundAmount: 'DEPOSIT_LESS_REFUND_NETWORK_FEE',
    refundNetworkFee: money(from.networkFee),
  };
}
