// Card purchases (§4 card flow, fiat sender; issue 12): the card provider's payment stands for the deposit. A PAID
// payment is a confirmed deposit of the claimed amount (its tx hash is the payment id) and the order moves on like any
// other; a DECLINED one ends the order (PAYMENT_FAILED). The provider's notice arrives in process (the sandbox payment
// page; a real provider's callback) and the order job polls the pending payments as a fallback; both are one
// compare-and-set from AWAITING_DEPOSIT, so whichever comes first moves the order and the other finds nothing to do.
// A payment still PENDING cardPaymentExpiryMs (30 min by default) after the order was created is cancelled with the
// provider and ends the order as a declined one does (PAYMENT_FAILED, CARD_PAYMENT_DECLINED, next step a new order);
// if the provider answers that it was paid meanwhile, the order moves on as paid.
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { PROVIDER_POLL, type Order } from 'shared-contracts/server';
import type { CardPayment } from '../../adapters/provider/types';
import { orders, type OrderRow } from '../../db/schema';
import type { OrderContext } from './context';
import { NEXT_STEPS, REASONS } from './lifecycle';
import type { OrderPresentation } from './presentation';
import type { Transition } from './repo';

const BATCH = 50;
/** How long a card payment may stay PENDING when CARD_PAYMENT_EXPIRY_SECONDS does not say (its default). */
const DEFAULT_CARD_PAYMENT_EXPIRY_MS = 30 * 60 * 1000;

export function createCardPayments(
  { deps, repo, now, log }: OrderContext,
  { published }: OrderPresentation,
  /** The job's step for a deposit that reached its confirmations (holds, fixed-rate checks, EXCHANGING). */
  confirmed: (row: OrderRow, t: Date) => Transition,
) {
  function paid(row: OrderRow, payment: CardPayment, t: Date): Transition {
    const deposit = {
      depositAmount: row.claimedDepositAmount,
      depositTxHash: payment.paymentId,
      depositAt: t,
      lastConfirmationAt: t,
      paymentStatus: 'PAID' as const,
      paymentDeclineReason: null,
    };
    // No chain confirmations to wait for: the deposit is confirmed as it registers.
    const next = confirmed({ ...row, ...deposit, confirmations: row.requiredConfirmations }, t);
    return {
      to: next.to,
      patch: { ...deposit, ...next.patch, confirmations: row.requiredConfirmations },
      events: [{ kind: 'DEPOSIT_REGISTERED' }, ...(next.events ?? [])],
    };
  }

  const declined = (payment: CardPayment): Transition => ({
    to: 'PAYMENT_FAILED',
    patch: { paymentStatus: 'DECLINED', paymentDeclineReason: payment.reason ?? 'The card payment was declined' },
    events: [{ kind: 'CARD_PAYMENT_DECLINED', reason: REASONS.cardPaymentDeclined, nextStep: NEXT_STEPS.createNewOrder }],
  });

  /** Moves the order of a settled payment on; null when it was not waiting for this payment (already moved). */
  async function settled(orderId: string, payment: CardPayment, lock: 'skip' | 'wait'): Promise<Order | null> {
    if (payment.status === 'PENDING') return null;
    const t = now();
    const row = await repo.advance({
      orderId,
      from: 'AWAITING_DEPOSIT',
      where: repo.withPayment(payment.paymentId),
      lock,
      now: t,
      decide: (r) => (payment.status === 'PAID' ? paid(r, payment, t) : declined(payment)),
    });
    return row ? published(row) : null;
  }

  /** The order job's fallback: asks the provider about pending payments not looked at for PROVIDER_POLL's interval. */
  async function pollDue(t: Date): Promise<void> {
    const due = await repo.claimPaymentChecks(new Date(t.getTime() - PROVIDER_POLL.intervalMs), t, BATCH);
    for (const { orderId, provider: name, paymentId } of due) {
      try {
        const provider = deps.providers?.get(name);
        if (!provider) {
          log.warn({ orderId, provider: name }, 'card order of a provider that is not configured');
          continue;
        }
        const payment = await provider.paymentStatus(paymentId);
        if (payment) await settled(orderId, payment, 'skip');
      } catch (err) {
        log.error({ err, orderId }, 'card payment check failed');
      }
    }
    await expireDue(t);
  }

  /** Card orders whose payment has been PENDING past the expiry: the provider cancels it, and the order ends. */
  async function expireDue(t: Date): Promise<void> {
    const expiryMs = deps.config.cardPaymentExpiryMs ?? DEFAULT_CARD_PAYMENT_EXPIRY_MS;
    const expired = and(isNotNull(orders.paymentId), eq(orders.paymentStatus, 'PENDING'), lte(orders.createdAt, new Date(t.getTime() - expiryMs)));
    for (const orderId of await repo.idsIn('AWAITING_DEPOSIT', BATCH, expired)) {
      try {
        const row = await repo.byId(orderId);
        const provider = row?.paymentProvider ? deps.providers?.get(row.paymentProvider) : undefined;
        if (!row?.paymentId || !provider) {
          log.warn({ orderId, provider: row?.paymentProvider }, 'expired card order of a provider that is not configured');
          continue;
        }
        const minutes = Math.round(expiryMs / 60_000);
        const payment = await provider.cancelPayment(row.paymentId, `The card payment was not completed within ${minutes} minutes`);
        if (payment) await settled(orderId, payment, 'skip');
      } catch (err) {
        log.error({ err, orderId }, 'card payment expiry failed');
      }
    }
  }

  return { settled, pollDue };
}
