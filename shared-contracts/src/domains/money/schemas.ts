// Money (§3 withdrawal payload; §5 the affiliate and cashback ledger): balances, rewards and withdrawals in USDT.
import { z } from 'zod';
import { IsoDateTimeSchema, MoneySchema } from '../../commonSchemas';

/** §3 Withdrawal payload (§5: USDT on TRC20 only). */
export const WithdrawalPayloadSchema = z
  .object({ currencyTitle: z.string().max(16), networkTitle: z.string().max(16), address: z.string().trim().max(128), amount: MoneySchema })
  .meta({ id: 'WithdrawalPayload' });

export type WithdrawalPayload = z.infer<typeof WithdrawalPayloadSchema>;

/**
 * A balance of the account's ledger: `amount` can be withdrawn, `pending` is held by withdrawals in progress, `held`
 * is earned income still in its hold (issue 24: withdrawable AFFILIATE_HOLD_DAYS after its order completed).
 */
export const BalanceSchema = z
  .object({ currencyTitle: z.string(), networkTitle: z.string(), amount: MoneySchema, held: MoneySchema, pending: MoneySchema })
  .meta({ id: 'Balance' });

export type Balance = z.infer<typeof BalanceSchema>;

export const RewardKindSchema = z.enum(['AFFILIATE_COMMISSION', 'CASHBACK']);

export type RewardKind = z.infer<typeof RewardKindSchema>;

/** An accrual (commission on a referred order) or a cashback (on the account's own order), credited in USDT. */
export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    kind: RewardKindSchema,
    currencyTitle: z.string(),
    amount: MoneySchema,
    /** The order it was earned on; masked (first and last characters) when it is someone else's order. */
    orderId: z.string(),
    /** The order's executed volume in USDT and the rate applied to it (a fraction: 0.005 = 0.5 %). */
    volume: MoneySchema,
    rate: MoneySchema,
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'RewardEntry' });

export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const WithdrawalStatusSchema = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']);

export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

export const WithdrawalRecordSchema = WithdrawalPayloadSchema.extend({
  id: z.string(),
  status: WithdrawalStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** The payout transaction once sent. */
  txHash: z.string().nullable(),
  completedAt: IsoDateTimeSchema.nullable(),
  /** Why a FAILED withdrawal failed (its amount is back in the balance). */
  failureReason: z.string().nullable(),
}).meta({ id: 'Withdrawal' });

export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

/** The programme's published terms and where the account stands in them. */
export const AffiliateProgramSchema = z
  .object({
    commissionRate: MoneySchema,
    cashbackTiers: z.array(z.object({ minVolume: MoneySchema, rate: MoneySchema })),
    /** The account's completed volume over the last 30 days, in USDT, and the cashback rate it earns now. */
    volume30d: MoneySchema,
    cashbackRate: MoneySchema,
    withdrawalMin: MoneySchema,
    withdrawalCurrency: z.object({ currencyTitle: z.string(), networkTitle: z.string() }),
    /** Issue 24: commission and cashback become withdrawable this many days after their order completed. */
    holdDays: z.number().min(0),
  })
  .meta({ id: 'AffiliateProgram' });

export type AffiliateProgram = z.infer<typeof AffiliateProgramSchema>;
