// Sending funds out: the payout of an executed order and the refund of a deposit take one path — the
// custody payout (idempotent per order and leg), then one compare-and-set to the final status.
import type { OrderRow } from '../../db/schema';
import { money } from '../../lib/decimal';
import type { InstrumentRecord } from '../instruments';
import type { OrderContext } from './context';
import { NEXT_STEPS, REASONS, type NewOrderEvent, type OrderStatus } from './lifecycle';
import type { OrderPresentation } from './presentation';
import type { OrderPatch } from './repo';

export type SettlementLeg = 'payout' | 'refund';

interface Leg {
  /** The status the order waits in while the funds go out, and the one it ends in. */
  from: OrderStatus;
  to: OrderStatus;
  send(row: OrderRow, instrument: (slug: string) => InstrumentRecord): { instrument: InstrumentRecord; address: string; memo: string | null; amount: string };
  done(txHash: string, t: Date): { patch: OrderPatch; event: NewOrderEvent };
}

export const SETTLEMENT_LEGS: Record<SettlementLeg, Leg> = {
  payout: {
    from: 'WITHDRAWING',
    to: 'COMPLETED',
    send: (row, instrument) => ({
      instrument: instrument(row.toSlug),
      address: row.destinationAddress,
      memo: row.destinationAddressMemo,
      amount: money(row.payoutAmount ?? row.amountToGet),
    }),
    done: (txHash, t) => ({ patch: { payoutTxHash: txHash, completedAt: t }, event: { kind: 'WITHDRAWAL_COMPLETED' } }),
  },
  refund: {
    from: 'REFUNDING',
    to: 'REFUNDED',
    send: (row, instrument) => ({
      instrument: instrument(row.fromSlug),
      address: row.refundAddress ?? '',
      memo: row.refundAddressMemo,
      amount: money(row.refundAmount ?? 0),
    }),
    done: (txHash, t) => ({
      patch: { refundTxHash: txHash, refundedAt: t },
      event: { kind: 'REFUND_COMPLETED', reason: REASONS.refundSent, nextStep: NEXT_STEPS.none },
    }),
  },
};

export function createSettlement({ deps, repo, now, instrument }: OrderContext, { published }: OrderPresentation) {
  /** Sends the leg's funds for an order in the leg's `from` status and moves it on; another replica's win is left alone. */
  return async function settle(row: OrderRow, legName: SettlementLeg): Promise<void> {
    const leg = SETTLEMENT_LEGS[legName];
    const { txHash } = await deps.custody.payout({ idempotencyKey: `${row.orderId}:${legName}`, ...leg.send(row, instrument) });
    const t = now();
    const { patch, event } = leg.done(txHash, t);
    const done = await repo.advance({ orderId: row.orderId, from: leg.from, lock: 'skip', now: t, decide: () => ({ to: leg.to, patch, events: [event] }) });
    if (done) await published(done);
  };
}
