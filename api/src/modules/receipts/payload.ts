// Issue 29: what a receipt says. The payload is built from the order row once, when the receipt is first asked for,
// and signed (service.ts): the pair, the rate mode, the execution rate and the market rate it is measured against,
// every fee (network, service, the spread, a refund's network fee), the amounts in and out, the transactions and the
// times. Amounts are decimal strings (never floats), computed with decimal.js.
import type { ReceiptPayload } from 'shared-contracts/server';
import type { OrderRow } from '../../db/schema';
import { D, money, rate } from '../../lib/decimal';

export interface InstrumentNames {
  currencyTitle: string;
  networkTitle: string;
}

/** The spread fraction is written to this many decimals (0.00500000 = 0.5 %). */
const SPREAD_DECIMALS = 8;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const m = (v: string | null) => (v === null ? null : money(v));

export function receiptPayload(
  row: OrderRow,
  o: { issuer: string; issuedAt: Date; instrument: (slug: string) => InstrumentNames | undefined },
): ReceiptPayload {
  const side = (slug: string) => {
    const i = o.instrument(slug);
    return { slug, currency: i?.currencyTitle ?? slug, network: i?.networkTitle ?? slug };
  };
  const from = side(row.fromSlug);
  const to = side(row.toSlug);
  const refunded = row.status === 'REFUNDED';
  const exchanged = row.executionPrice !== null && !refunded;
  // The spread against the market at execution: what the customer got less than the market rate would have given.
  const spread =
    exchanged && row.executionPrice && row.executionMarketPrice && row.depositAmount && new D(row.executionMarketPrice).gt(0)
      ? {
          fraction: money(new D(1).minus(new D(row.executionPrice).div(row.executionMarketPrice)), SPREAD_DECIMALS),
          amount: {
            amount: money(new D(row.depositAmount).mul(new D(row.executionMarketPrice).minus(row.executionPrice)), SPREAD_DECIMALS),
            currency: to.currency,
          },
        }
      : null;
  const deposit = money(row.depositAmount ?? row.claimedDepositAmount);
  return {
    iss: o.issuer,
    iat: Math.floor(o.issuedAt.getTime() / 1000),
    sub: row.orderId,
    receiptVersion: 1,
    orderId: row.orderId,
    outcome: refunded ? 'REFUNDED' : 'COMPLETED',
    pair: { from, to },
    rateMode: row.rateMode,
    rate: exchanged && row.executionPrice ? rate(row.executionPrice) : null,
    marketRate: exchanged && row.executionMarketPrice ? rate(row.executionMarketPrice) : null,
    fees: {
      networkFee: { amount: refunded ? '0' : money(row.networkFee), currency: to.currency },
      serviceFee: { amount: refunded ? '0' : money(row.platformFee), currency: to.currency },
      spread,
      refundNetworkFee: refunded ? { amount: m(row.refundNetworkFee) ?? '0', currency: from.currency } : null,
    },
    amountIn: { amount: deposit, currency: from.currency },
    amountOut: refunded
      ? { amount: m(row.refundAmount) ?? '0', currency: from.currency }
      : { amount: money(row.payoutAmount ?? row.amountToGet), currency: to.currency },
    transactions: { deposit: row.depositTxHash, payout: refunded ? null : row.payoutTxHash, refund: refunded ? row.refundTxHash : null },
    times: {
      createdAt: row.createdAt.toISOString(),
      depositAt: iso(row.depositAt),
      completedAt: refunded ? null : iso(row.completedAt),
      refundedAt: refunded ? iso(row.refundedAt) : null,
    },
  };
}
