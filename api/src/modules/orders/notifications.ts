// Issue 23: the mails an order promises its customer, written through the outbox in the transaction of their cause (a
// repo hook, see repo.ts OrderRepoHooks.inTransaction), so a mail exists exactly when its change commits:
//   created with an email, or an email set on the order page   → the order's link (order_link)
//   WITHDRAWAL_COMPLETED                                       → order_completed
//   REFUND_COMPLETED                                           → order_refunded
//   a rate problem (FIXED_RATE_*_DETECTED, FLOATING_RATE_SLIPPAGE_EXCEEDED), DEPOSIT_ON_HOLD → order_action_needed
// One per cause (its dedupe key), in the language set-email gave, else English. The link and the mail are never logged.
import {
  orderCompletedMessage,
  orderCreatedMessage,
  orderProblemMessage,
  orderRefundedMessage,
  type OrderMailFacts,
  type OrderProblem,
} from '../../adapters/mail/orderTemplates';
import type { MailMessage } from '../../adapters/mail/types';
import type { OrderRow } from '../../db/schema';
import { money } from '../../lib/decimal';
import { type Outbox, outboxTx } from '../../outbox';
import { orderPageUrl } from '../support';
import { normalizeEmail } from '../accounts';
import type { OrderRepoHooks } from './repo';

const PROBLEMS: Readonly<Record<string, OrderProblem>> = {
  FIXED_RATE_HIGH_VOLATILITY_DETECTED: 'new_rate_or_refund',
  FIXED_RATE_SLOW_DEPOSIT_DETECTED: 'new_rate_or_refund',
  FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED: 'new_rate_or_refund',
  // issue 29: a floating order past its maximum slippage offers the same choice
  FLOATING_RATE_SLIPPAGE_EXCEEDED: 'new_rate_or_refund',
  DEPOSIT_ON_HOLD: 'on_hold',
};

export interface OrderMailDeps {
  outbox: Outbox;
  /** The site's origin order links point to (the first PUBLIC_ORIGIN). */
  siteOrigin: string;
  /** The currency an order's instrument slug names. */
  currencyOf(slug: string): string;
}

export function createOrderMails(d: OrderMailDeps): Required<Pick<OrderRepoHooks, 'inTransaction'>> {
  const facts = (row: OrderRow, locale: 'en' | 'ru'): OrderMailFacts => {
    const from = d.currencyOf(row.fromSlug);
    const to = d.currencyOf(row.toSlug);
    return {
      orderId: row.orderId,
      url: orderPageUrl(d.siteOrigin, locale, row.orderId, row.destinationAddress),
      send: `${money(row.claimedDepositAmount)} ${from}`,
      get: `${money(row.amountToGet)} ${to}`,
      destinationAddress: row.destinationAddress,
    };
  };

  return {
    async inTransaction(tx, change) {
      const { row } = change;
      if (!row.userEmail) return undefined;
      const to = normalizeEmail(row.userEmail);
      const locale = change.locale ?? 'en';
      const f = facts(row, locale);
      const mails: { message: MailMessage; dedupeKey: string }[] = [];
      if (change.from === 'NEW' || change.emailSet) {
        mails.push({ message: orderCreatedMessage(to, locale, f), dedupeKey: `mail:order_link:${row.orderId}:${change.emailSet ? 'email_set' : 'created'}` });
      }
      for (const event of change.events) {
        if (event.kind === 'WITHDRAWAL_COMPLETED') {
          const sent = {
            ...f,
            sent: `${money(row.payoutAmount ?? row.amountToGet)} ${d.currencyOf(row.toSlug)}`,
            address: row.destinationAddress,
            txHash: row.payoutTxHash,
          };
          mails.push({ message: orderCompletedMessage(to, locale, sent), dedupeKey: `mail:order_completed:${row.orderId}` });
        } else if (event.kind === 'REFUND_COMPLETED') {
          const sent = {
            ...f,
            sent: `${money(row.refundAmount ?? '0')} ${d.currencyOf(row.fromSlug)}`,
            address: row.refundAddress ?? '',
            txHash: row.refundTxHash,
          };
          mails.push({ message: orderRefundedMessage(to, locale, sent), dedupeKey: `mail:order_refunded:${row.orderId}` });
        } else if (PROBLEMS[event.kind]) {
          mails.push({ message: orderProblemMessage(to, locale, PROBLEMS[event.kind], f), dedupeKey: `mail:order_action_needed:${row.orderId}:${event.kind}` });
        }
      }
      if (!mails.length) return undefined;
      const otx = outboxTx(tx);
      const ids: number[] = [];
      for (const m of mails) {
        const id = await d.outbox.enqueue(otx, { topic: 'mail', payload: m.message, dedupeKey: m.dedupeKey });
        if (id !== null) ids.push(id);
      }
      // After the commit: delivered at once (the worker is the backstop); the order's answer never waits on a mail.
      return () => void d.outbox.deliverNow(ids);
    },
  };
}
