// Pricing at execution time, with the rate endpoint's formula (rates/quote.ts): the floating rate for the
// amount actually deposited, the market move a fixed-rate order is checked against, and the refund amount.
import { promisedAmount, type RefundInfo } from 'shared-contracts/server';
import type { OrderRow } from '../../db/schema';
import { D, money } from '../../lib/decimal';
import { amountToGetFor, spreadPrice, usdPrice } from '../rates';
import type { OrderContext } from './context';

export interface OrderPricing {
  /** The raw market rate of the order's pair now (units of TO per 1 FROM, no spread). */
  marketRate(row: OrderRow): D;
  /** The current floating rate for the amount actually deposited (or claimed, before a deposit). */
  floatingFor(row: OrderRow): { price: D; amountToGet: D };
  /** Issue 29: what the order's own quoted rate pays for the amount actually deposited (or claimed, before a deposit). */
  quotedFor(row: OrderRow): D;
  /** What a refund sends back: the amount recorded with the refund request, else the deposit less the send network's fee. */
  refundInfoOf(row: OrderRow): RefundInfo;
}

export function createOrderPricing({ deps, instrument }: OrderContext): OrderPricing {
  const floatingSpread = new D(deps.config.spread.FLOATING);
  const marketRate = (row: OrderRow): D => usdPrice(deps.priceBoard, instrument(row.fromSlug)).div(usdPrice(deps.priceBoard, instrument(row.toSlug)));

  return {
    marketRate,
    floatingFor(row) {
      const price = spreadPrice(marketRate(row), floatingSpread);
      const deposit = new D(row.depositAmount ?? row.claimedDepositAmount);
      return { price, amountToGet: amountToGetFor(deposit, price, { networkFee: row.networkFee, platformFee: row.platformFee }, instrument(row.toSlug)) };
    },
    quotedFor(row) {
      const deposit = new D(row.depositAmount ?? row.claimedDepositAmount);
      return amountToGetFor(deposit, new D(row.price), { networkFee: row.networkFee, platformFee: row.platformFee }, instrument(row.toSlug));
    },
    refundInfoOf(row) {
      if (row.refundAmount !== null && row.refundNetworkFee !== null) {
        return { refundAmountWithoutNetworkFee: money(row.refundAmount), networkFee: money(row.refundNetworkFee) };
      }
      const from = instrument(row.fromSlug);
      const base = new D(row.depositAmount ?? row.claimedDepositAmount);
      // A refund is a promise: rounded down to the send coin's unit (shared-contracts amounts.ts, §9).
      const net = promisedAmount(D.max(0, base.minus(from.networkFee)).toFixed(), from);
      return { refundAmountWithoutNetworkFee: net, networkFee: money(from.networkFee) };
    },
  };
}
