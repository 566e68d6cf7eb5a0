// The order as sent to clients (§3 Order), and publishing each committed change on the bus
// (BUS_CHANNELS.orderEvent) so WebSocket subscribers of the order see it at once.
import type { InstrumentRef, Order, OrderEventReason, OrderNextStep } from 'shared-contracts/server';
import { BUS_CHANNELS } from '../../bus/types';
import type { OrderRow } from '../../db/schema';
import { D, money, rate } from '../../lib/decimal';
import type { InstrumentRecord } from '../instruments';
import type { OrderContext } from './context';
import { offerExpiresAt } from './lifecycle';
import type { OrderEventRow } from './repo';

export const refOf = (i: InstrumentRecord): InstrumentRef => ({ currencyTitle: i.currencyTitle, networkTitle: i.networkTitle, slug: i.slug });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const m = (v: string | null | undefined) => (v === null || v === undefined ? null : money(v));

export interface OrderPresentation {
  toOrder(row: OrderRow, events: OrderEventRow[]): Order;
  /** The order as it is now, row and events from one snapshot. */
  load(row: OrderRow): Promise<Order>;
  /** Publishes the committed state; a bus failure never undoes or fails the transition. */
  published(row: OrderRow): Promise<Order>;
  /** published() of a just-created order from the row and events its insert returned (no read-back). */
  publishedNew(row: OrderRow, events: OrderEventRow[]): Promise<Order>;
  /** The public Order shape for these ids (the account's order history uses it). */
  ordersById(orderIds: string[]): Promise<Order[]>;
}

export function createOrderPresentation({ deps, repo, instrument, log }: OrderContext): OrderPresentation {
  function toOrder(row: OrderRow, events: OrderEventRow[]): Order {
    const from = instrument(row.fromSlug);
    const to = instrument(row.toSlug);
    const price = new D(row.price);
    return {
      orderId: row.orderId,
      // issue 29: the lifecycle state (lifecycle.ts), as every exchange API names it
      status: row.status as Order['status'],
      orderEvents: events.map((e) => ({
        kind: e.kind as Order['orderEvents'][number]['kind'],
        createdAt: e.createdAt.toISOString(),
        ...(e.reason ? { reason: e.reason as OrderEventReason } : {}),
        ...(e.nextStep ? { nextStep: e.nextStep as OrderNextStep } : {}),
      })),
      orderDetails: {
        depositAddress: row.depositAddress ?? '',
        depositAddressMemo: row.depositAddressMemo,
        requiredConfirmations: row.requiredConfirmations,
        confirmations: row.confirmations,
        depositTxHash: row.depositTxHash,
        payoutTxHash: row.payoutTxHash,
        fixedRateExpiresAt: iso(row.fixedRateExpiresAt),
        secondsPerConfirmation: deps.custody.secondsPerConfirmation(from),
        // issue 29: the send network's estimate, deposit seen → payout sent (from memory, as the quote's)
        ...(deps.estimateFor ? { estimatedSeconds: deps.estimateFor(from.networkTitle) } : {}),
        offeredRate:
          row.offeredPrice && row.offeredAmountToGet && row.offeredAt
            ? {
                price: rate(row.offeredPrice),
                amountToGet: money(row.offeredAmountToGet),
                updatedAt: row.offeredAt.toISOString(),
                // issue 23: an offer holds until then; an accepted offer is paid exactly
                ...(row.status === 'AWAITING_DECISION' ? { expiresAt: offerExpiresAt(row.offeredAt, deps.config.newRateOfferTtlMs).toISOString() } : {}),
              }
            : null,
        refundAmount: m(row.refundAmount),
        refundTxHash: row.refundTxHash,
        depositLimit: m(row.depositLimit),
        // §4 card flow: the provider's card payment stands for the deposit (depositAddress is '').
        cardPayment:
          row.paymentProvider && row.paymentStatus
            ? { provider: row.paymentProvider, status: row.paymentStatus, declineReason: row.paymentDeclineReason }
            : null,
      },
      pair: { instrumentFrom: refOf(from), instrumentTo: refOf(to) },
      claimedDepositAmount: money(row.claimedDepositAmount),
      claimedPublicRate: {
        price: rate(price),
        finalNetworkFeeAmount: money(row.networkFee),
        platformFee_Absolute: money(row.platformFee),
        quotes: { buyQuote: { quoteValue: rate(price) }, sellQuote: { quoteValue: price.isZero() ? '0' : rate(new D(1).div(price)) } },
        updatedAt: (row.quoteUpdatedAt ?? row.createdAt).toISOString(),
        claimedAmountToReceive: money(row.claimedAmountToReceive ?? row.amountToGet),
      },
      claimedNetworkFee: money(row.networkFee),
      deposits: row.depositAmount
        ? [
            {
              amount: money(row.depositAmount),
              ...(row.depositTxHash ? { txHash: row.depositTxHash } : {}),
              ...(row.depositAt ? { createdAt: row.depositAt.toISOString() } : {}),
            },
          ]
        : [],
      withdrawals:
        row.payoutAmount && row.payoutTxHash
          ? [{ amount: money(row.payoutAmount), txHash: row.payoutTxHash, ...(row.completedAt ? { createdAt: row.completedAt.toISOString() } : {}) }]
          : [],
      amountToGet: money(row.payoutAmount ?? row.amountToGet),
      createdAt: row.createdAt.toISOString(),
      userEmail: row.userEmail,
      rateMode: row.rateMode,
      destinationAddress: row.destinationAddress,
      destinationAddressMemo: row.destinationAddressMemo,
      refundAddress: row.refundAddress,
      refundAddressMemo: row.refundAddressMemo,
      legacyOrderId: row.legacyOrderId,
      referrerId: row.referrerId,
      utmData: (row.utmData as Order['utmData']) ?? null,
      browserFingerprint: row.browserFingerprint,
      // §3: the card provider's payment page (the redirect modal of type order, §2).
      redirectUrl: row.paymentRedirectUrl,
      // issue 29: what the order may pay less than its quote at execution before it stops for the customer's choice
      maxSlippage: m(row.maxSlippage),
    };
  }

  const load = async (row: OrderRow): Promise<Order> => {
    const snap = await repo.snapshot(row.orderId);
    return snap ? toOrder(snap.row, snap.events) : toOrder(row, await repo.events(row.orderId));
  };

  const announce = async (order: Order): Promise<Order> => {
    if (deps.bus) {
      await deps.bus
        .publish(BUS_CHANNELS.orderEvent, JSON.stringify({ order }))
        .catch((err) => log.warn({ err, orderId: order.orderId }, 'order event not published'));
    }
    return order;
  };

  return {
    toOrder,
    load,
    published: async (row) => announce(await load(row)),
    publishedNew: async (row, events) => announce(toOrder(row, events)),
    async ordersById(orderIds) {
      const rows = await Promise.all(orderIds.map((id) => repo.byId(id)));
      return Promise.all(rows.filter((r): r is OrderRow => !!r).map(load));
    },
  };
}
