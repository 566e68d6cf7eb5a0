// §4 displayed order state, reduced to the label a history row needs: refund events first, then the
// furthest step reached, else "created".
import type { Order, OrderEventKind } from 'shared-contracts';
import type { Tone } from 'remote-kit/ui';

export type OrderStatusKey =
  | 'refund_completed'
  | 'refund_requested'
  | 'on_hold'
  | 'completed'
  | 'sending'
  | 'received'
  | 'deposit'
  | 'awaiting_deposit'
  | 'awaiting_payment'
  | 'created';

const BY_PRIORITY: [OrderEventKind, OrderStatusKey][] = [
  ['REFUND_COMPLETED', 'refund_completed'],
  ['REFUND_REQUESTED', 'refund_requested'],
  ['DEPOSIT_ON_HOLD', 'on_hold'],
  ['WITHDRAWAL_COMPLETED', 'completed'],
  ['FUNDS_WITHDRAWAL_START', 'sending'],
  ['INCOMING_FUNDS_DETECTED', 'received'],
  ['DEPOSIT_REGISTERED', 'deposit'],
  ['CREATION_END', 'awaiting_deposit'],
];

export function orderStatus(order: Pick<Order, 'orderEvents'> & { orderDetails?: Pick<Order['orderDetails'], 'cardPayment'> }): OrderStatusKey {
  const kinds = new Set(order.orderEvents.map((e) => e.kind));
  for (const [kind, key] of BY_PRIORITY) {
    if (!kinds.has(kind)) continue;
    // a card purchase is paid on the provider's page, not by a deposit to an address (issue 25)
    if (key === 'awaiting_deposit' && order.orderDetails?.cardPayment) return 'awaiting_payment';
    return key;
  }
  return 'created';
}

/** How a status reads at a glance (the kit's Badge tones): done, needs the customer, in progress, waiting. */
export const STATUS_TONE: Record<OrderStatusKey, Tone> = {
  refund_completed: 'neutral',
  refund_requested: 'warning',
  on_hold: 'danger',
  completed: 'success',
  sending: 'info',
  received: 'info',
  deposit: 'info',
  awaiting_deposit: 'warning',
  awaiting_payment: 'warning',
  created: 'neutral',
};
