// Published hold rules (issue 29 "no surprise holds"): every check that can hold an order's deposit instead of
// exchanging it, with its threshold in the send currency at this quote, and the refund a held order always offers.
import { z } from 'zod';
import { ORDER_HOLD_REASONS } from '../../domain';
import { MoneySchema } from '../../commonSchemas';

/** `ABOVE`: a deposit above `threshold` is held; `BELOW`: a deposit below it; `ANY`: a check with no amount. */
const HOLD_RULE_COMPARISONS = ['ABOVE', 'BELOW', 'ANY'] as const;

/**
 * What a held order's "full refund" is: the whole deposit, less only the network fee of the refund transaction
 * (`refundNetworkFee`, paid to the network): no service fee, no spread, no penalty.
 */
const HOLD_REFUND_AMOUNTS = ['DEPOSIT_LESS_REFUND_NETWORK_FEE'] as const;

export const HoldRuleSchema = z
  .object({
    /** The DEPOSIT_ON_HOLD reason the order page shows when this rule holds an order. */
    reason: z.enum(ORDER_HOLD_REASONS),
    when: z.enum(HOLD_RULE_COMPARISONS),
    /** In the send currency at this quote's rate (the limits are set in USD and move with the market); null with `ANY`. */
    threshold: MoneySchema.nullable(),
    /** The send currency (`instrumentFrom.currencyTitle`). */
    currencyTitle: z.string(),
    /** The quoted deposit (`claimedDepositAmount`) is past this threshold: the form says so before the order. */
    appliesToQuotedAmount: z.boolean(),
  })
  .meta({ id: 'HoldRule' });

export type HoldRule = z.infer<typeof HoldRuleSchema>;

export const HoldRulesSchema = z
  .object({
    /** The checks that can hold a deposit on this pair, in the order the api applies them. */
    rules: z.array(HoldRuleSchema),
    /** A refund requested on a held order is sent within this many hours of the request (HOLD_REFUND_HOURS). */
    refundWithinHours: z.number().int().min(1),
    refundAmount: z.enum(HOLD_REFUND_AMOUNTS),
    /** The refund transaction's network fee, in the send currency: the only deduction from the deposit. */
    refundNetworkFee: MoneySchema,
  })
  .meta({
    id: 'HoldRules',
    example: {
      rules: [
        { reason: 'DEPOSIT_ABOVE_MAXIMUM', when: 'ABOVE', threshold: '1.66666666', currencyTitle: 'BTC', appliesToQuotedAmount: false },
        { reason: 'DEPOSIT_BELOW_MINIMUM', when: 'BELOW', threshold: '0.00030000', currencyTitle: 'BTC', appliesToQuotedAmount: false },
        { reason: 'PAIR_NOT_ACTIVE', when: 'ANY', threshold: null, currencyTitle: 'BTC', appliesToQuotedAmount: false },
      ],
      refundWithinHours: 24,
      refundAmount: 'DEPOSIT_LESS_REFUND_NETWORK_FEE',
      refundNetworkFee: '0.0001',
    },
  });

export type HoldRules = z.infer<typeof HoldRulesSchema>;
