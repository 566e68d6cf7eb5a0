// Pure rules of spec §4 "Order events": progress step index, displayed state, warnings, polling stop.
import { FIXED_RATE_PROBLEM_EVENTS, ORDER_POLL_UNTIL_STEP, type Order, type OrderEventKind } from 'shared-contracts';

type Events = readonly { kind: OrderEventKind }[];

const has = (events: Events, kind: OrderEventKind) => events.some((e) => e.kind === kind);

/** §4: 1 CREATION_END, 2 INCOMING_FUNDS_DETECTED, 3 WITHDRAWAL_COMPLETED, 4 REFUND_COMPLETED; highest wins. */
const STEP_OF: Partial<Record<OrderEventKind, number>> = {
  CREATION_END: 1,
  INCOMING_FUNDS_DETECTED: 2,
  WITHDRAWAL_COMPLETED: 3,
  REFUND_COMPLETED: 4,
};

export function progressStepIndex(events: Events): number {
  let step = 0;
  for (const e of events) step = Math.max(step, STEP_OF[e.kind] ?? 0);
  return step;
}

/** The known list, most advanced first: the first kind present is the displayed state (§4). */
const DISPLAYED_STATE_ORDER: readonly OrderEventKind[] = [
  'WITHDRAWAL_COMPLETED',
  'FUNDS_WITHDRAWAL_START',
  'RATE_MODE_CHANGE_ACCEPTED',
  'RATE_MODE_CHANGED',
  'FIXED_RATE_HIGH_VOLATILITY_DETECTED',
  'FIXED_RATE_SLOW_DEPOSIT_DETECTED',
  'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED',
  'FLOATING_RATE_SLIPPAGE_EXCEEDED',
  'DEPOSIT_ON_HOLD',
  'INCOMING_FUNDS_DETECTED',
  'DEPOSIT_REGISTERED',
  'CREATION_END',
];

export type DisplayedState = OrderEventKind | 'CLEARED';

/**
 * §4: REFUND_COMPLETED first, then REFUND_REQUESTED, then the first match of the known list, else cleared. A declined
 * card payment (issue 12) ends the order before anything else can happen, so it wins over all of them.
 */
export function displayedOrderState(events: Events): DisplayedState {
  if (has(events, 'CARD_PAYMENT_DECLINED')) return 'CARD_PAYMENT_DECLINED';
  if (has(events, 'REFUND_COMPLETED')) return 'REFUND_COMPLETED';
  if (has(events, 'REFUND_REQUESTED')) return 'REFUND_REQUESTED';
  return DISPLAYED_STATE_ORDER.find((kind) => has(events, kind)) ?? 'CLEARED';
}

const resolved = (events: Events) => has(events, 'REFUND_REQUESTED') || has(events, 'RATE_MODE_CHANGE_ACCEPTED');

/** §4: RATE_MODE_CHANGED exists and neither a refund request nor acceptance exists. */
export function isRateChangedWarningOpen(events: Events): boolean {
  return has(events, 'RATE_MODE_CHANGED') && !resolved(events);
}

/** §4: any fixed-rate problem event (or issue 29's slippage stop) exists and neither a refund request nor acceptance exists. */
export function isRateWarningShown(events: Events): boolean {
  return FIXED_RATE_PROBLEM_EVENTS.some((k) => has(events, k)) && !resolved(events);
}

/** The problem event the rate warning is about (the latest one), for its reason and next step. */
export function latestProblemEvent(order: Pick<Order, 'orderEvents'>): Order['orderEvents'][number] | undefined {
  return [...order.orderEvents].reverse().find((e) => FIXED_RATE_PROBLEM_EVENTS.includes(e.kind));
}

/** Issue 7: the deposit is held (above the pair's limits) and no refund was requested yet. */
export function isOnHold(events: Events): boolean {
  return has(events, 'DEPOSIT_ON_HOLD') && !has(events, 'REFUND_REQUESTED') && !has(events, 'REFUND_COMPLETED');
}

/** The DEPOSIT_ON_HOLD event, for its reason and next step. */
export function holdEvent(order: Pick<Order, 'orderEvents'>): Order['orderEvents'][number] | undefined {
  return [...order.orderEvents].reverse().find((e) => e.kind === 'DEPOSIT_ON_HOLD');
}

/** Events after which nothing more happens to the order, whatever its step (a declined card payment, issue 12). */
const TERMINAL_EVENTS: readonly OrderEventKind[] = ['CARD_PAYMENT_DECLINED'];

/** §4 polling: every 5 s until the step index reaches 3 or more, or the order has ended without reaching it. */
export function shouldKeepPolling(events: Events): boolean {
  return progressStepIndex(events) < ORDER_POLL_UNTIL_STEP && !TERMINAL_EVENTS.some((k) => has(events, k));
}

type CardOrder = Pick<Order, 'orderEvents' | 'orderDetails'>;

/** Issue 12: a card purchase (§4 card flow, fiat sender) carries the provider's card payment; a chain deposit does not. */
export function isCardOrder(order: Pick<Order, 'orderDetails'>): boolean {
  return !!order.orderDetails.cardPayment;
}

/** A card order whose payment is still to be made: the page offers the payment page instead of a deposit address. */
export function isAwaitingCardPayment(order: CardOrder): boolean {
  return (
    order.orderDetails.cardPayment?.status === 'PENDING' &&
    !has(order.orderEvents, 'INCOMING_FUNDS_DETECTED') &&
    !has(order.orderEvents, 'CARD_PAYMENT_DECLINED')
  );
}

/** The provider declined the card payment: the order is over (CARD_PAYMENT_DECLINED, next step a new order). */
export function isCardPaymentDeclined(events: Events): boolean {
  return has(events, 'CARD_PAYMENT_DECLINED');
}

/** The steps the order page's stepper shows (issue 10): the exchange path, or the refund path once a refund is asked. */
export type OrderStepId = 'deposit' | 'confirming' | 'exchanging' | 'sending' | 'completed' | 'refund';

export interface OrderStepper {
  steps: readonly OrderStepId[];
  current: OrderStepId;
  /** `error`: the current step waits for the customer (a fixed-rate problem, a new rate offered, a deposit on hold) */
  status: 'active' | 'done' | 'error';
}

const EXCHANGE_STEPS: readonly OrderStepId[] = ['deposit', 'confirming', 'exchanging', 'sending', 'completed'];
const REFUND_STEPS: readonly OrderStepId[] = ['deposit', 'confirming', 'refund'];

/**
 * §4 events as stepper steps: awaiting deposit → confirming (DEPOSIT_REGISTERED) → exchanging
 * (INCOMING_FUNDS_DETECTED) → sending (FUNDS_WITHDRAWAL_START) → completed (WITHDRAWAL_COMPLETED, done). A refund
 * request turns it into deposit → confirming → refund (done on REFUND_COMPLETED). An open fixed-rate problem, rate
 * change or hold marks the step reached as needing the customer. For a card order the first step is its payment.
 */
export function orderStepper(events: Events): OrderStepper {
  // a declined card payment stops the order at its first step, which needs the customer (a new order)
  if (has(events, 'CARD_PAYMENT_DECLINED')) return { steps: EXCHANGE_STEPS, current: 'deposit', status: 'error' };
  if (has(events, 'REFUND_COMPLETED') || has(events, 'REFUND_REQUESTED'))
    return { steps: REFUND_STEPS, current: 'refund', status: has(events, 'REFUND_COMPLETED') ? 'done' : 'active' };
  if (has(events, 'WITHDRAWAL_COMPLETED')) return { steps: EXCHANGE_STEPS, current: 'completed', status: 'done' };
  const current: OrderStepId = has(events, 'FUNDS_WITHDRAWAL_START')
    ? 'sending'
    : has(events, 'INCOMING_FUNDS_DETECTED')
      ? 'exchanging'
      : has(events, 'DEPOSIT_REGISTERED')
        ? 'confirming'
        : 'deposit';
  const waiting = isRateWarningShown(events) || isRateChangedWarningOpen(events) || isOnHold(events);
  return { steps: EXCHANGE_STEPS, current, status: waiting ? 'error' : 'active' };
}
