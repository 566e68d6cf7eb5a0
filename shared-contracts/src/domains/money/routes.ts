// Money (§5): the affiliate and cashback programme, the account's balances and its withdrawals.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const affiliateRoutes = defineRoutes({
  affiliateReferrerId: {
    method: 'GET',
    path: '/api/v1/affiliates/referrer-id',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The user's referral id",
    schemas: ({ z }) => ({ response: z.object({ referrerId: z.string() }) }),
  },
  affiliateProgram: {
    method: 'GET',
    path: '/api/v1/affiliates/program',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The programme's terms (commission, cashback tiers, withdrawal minimum) and the account's 30-day volume and cashback rate",
    schemas: ({ s }) => ({ response: s.AffiliateProgramSchema }),
  },
  affiliateBalances: {
    method: 'GET',
    path: '/api/v1/affiliates/balances',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Balances',
    schemas: ({ z, s }) => ({ response: z.array(s.BalanceSchema) }),
  },
  affiliateAccruals: {
    method: 'GET',
    path: '/api/v1/affiliates/accruals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Accruals history',
    schemas: ({ z, s }) => ({ response: z.array(s.LedgerEntrySchema) }),
  },
  affiliateCashbacks: {
    method: 'GET',
    path: '/api/v1/affiliates/cashbacks',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Cashbacks',
    schemas: ({ z, s }) => ({ response: z.array(s.LedgerEntrySchema) }),
  },
  affiliateWithdrawals: {
    method: 'GET',
    path: '/api/v1/affiliates/withdrawals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Withdrawals history',
    schemas: ({ z, s }) => ({ response: z.array(s.WithdrawalRecordSchema) }),
  },
  affiliateWithdraw: {
    method: 'POST',
    path: '/api/v1/affiliates/withdrawals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 11: a withdrawal request holds money; far above a person's use, low enough to stop a script.
    rateLimit: { perAddress: 10 },
    summary: 'Withdraw earnings in USDT on TRC20 (send an Idempotency-Key header: a retry never pays twice)',
    schemas: ({ s }) => ({ body: s.WithdrawalPayloadSchema, response: s.WithdrawalRecordSchema }),
  },
});
