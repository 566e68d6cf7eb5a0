// Sending funds out: the payout of an executed order and the refund of a deposit take one path — the
// custody payout (idempotent per order and leg), then one compare-and-set to the final status. On a real chain
// (issue 28) the payout is first broadcast, shown on the order, and final only past its confirmation depth: the
// order job asks again every pass until it is.
import { PayoutHeld, type PayoutResult } from '../../adapters/custody/types';
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
  /** The transaction carrying the leg while it is not final yet (it can change: a fee-bumped replacement). */
  sentTx(row: OrderRow): string | null;
  sent(txHash: string): OrderPatch;
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
    sentTx: (row) => row.payoutTxHash,
    sent: (txHash) => ({ payoutTxHash: txHash }),
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
    sentTx: (row) => row.refundTxHash,
    sent: (txHash) => ({ refundTxHash: txHash }),
  },
};

/** A held payout is asked about every pass; its log line is written once per order in this long. */
const HELD_LOG_EVERY_MS = 10 * 60_000;

export function createSettlement({ deps, repo, now, instrument, log }: OrderContext, { published }: OrderPresentation) {
  const heldLoggedAt = new Map<string, number>();
  /** Sends the leg's funds for an order in the leg's `from` status and moves it on; another replica's win is left alone. */
  return async function settle(row: OrderRow, legName: SettlementLeg): Promise<void> {
    const leg = SETTLEMENT_LEGS[legName];
    let result: PayoutResult;
    try {
      result = await deps.custody.payout({ idempotencyKey: `${row.orderId}:${legName}`, ...leg.send(row, instrument) });
    } catch (err) {
      // Nothing sent: the order waits in its status for an operator (the signer answers the same until then).
      if (err instanceof PayoutHeld) {
        const t = now().getTime();
        const key = `${row.orderId}:${legName}`;
        if (t - (heldLoggedAt.get(key) ?? 0) >= HELD_LOG_EVERY_MS) {
          heldLoggedAt.set(key, t);
          log.warn({ orderId: row.orderId, leg: legName, reason: err.reason }, 'payout held for review by the signer');
        }
        return;
      }
      throw err;
    }
    heldLoggedAt.delete(`${row.orderId}:${legName}`);
    const { txHash } = result;
    const t = now();
    if (!result.final) {
      if (leg.sentTx(row) === txHash) return;
      const shown = await repo.advance({
        orderId: row.orderId,
        from: leg.from,
        lock: 'skip',
        now: t,
        decide: (r) => (leg.sentTx(r) === txHash ? null : { to: leg.from, patch: leg.sent(txHash) }),
      });
      if (shown) await published(shown);
      return;
    }
    const { patch, event } = leg.done(txHash, t);
    const done = await repo.advance({ orderId: row.orderId, from: leg.from, lock: 'skip', now: t, decide: () => ({ to: leg.to, patch, events: [event] }) });
    if (done) await published(done);
  };
}
