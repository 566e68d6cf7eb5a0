// §4 order lifecycle. `orders.status` is the machine's state (what may happen next); `order_events` is the
// customer-visible history. Every transition is one compare-and-set on the status plus its event inserts,
// in one transaction (see repo.ts `advance`).
//
//   AWAITING_DEPOSIT ──deposit──▶ CONFIRMING ──confirmations reached──▶ EXCHANGING ──▶ WITHDRAWING ──▶ COMPLETED
//      CREATION_END       DEPOSIT_REGISTERED      INCOMING_FUNDS_DETECTED      FUNDS_WITHDRAWAL_START   WITHDRAWAL_COMPLETED
//                                      │ deposit above the pair's maximum / no-KYC threshold, or the pair
//                                      │ switched off since (any rate mode; see guardrails.ts)
//                                      ├──────────▶ ON_HOLD (+ DEPOSIT_ON_HOLD) ──request refund (address given
//                                      │                                         here if the order has none)──┐
//                                      │ FIXED with a problem                                                  │
//                                      ▼ (+ FIXED_RATE_*_DETECTED, RATE_MODE_CHANGED)                          │
//                               AWAITING_DECISION ──accept──▶ EXCHANGING (RATE_MODE_CHANGE_ACCEPTED, now FLOATING)
//                                      └──request refund──▶ REFUND_REQUESTED ◀──────────────────────────────────┘
//                                                              └──▶ REFUNDING ──▶ REFUNDED (REFUND_COMPLETED)
// ON_HOLD has no way to EXCHANGING: a held deposit is never paid out automatically (issue 7).
// Issue 29: a FLOATING order whose rate at execution would pay more than its maxSlippage less than its quote (for the
// amount deposited) goes EXCHANGING ──▶ AWAITING_DECISION (+ FLOATING_RATE_SLIPPAGE_EXCEEDED, RATE_MODE_CHANGED) instead
// of WITHDRAWING: the same choice, the offer accepted is paid as agreed, a refund goes to the address given with it.
//
// A card purchase (§4 card flow, fiat sender; issue 12) has no deposit address: the card provider's payment stands
// for the deposit (see cardPayments.ts).
//   AWAITING_DEPOSIT ──payment PAID──▶ EXCHANGING (DEPOSIT_REGISTERED + INCOMING_FUNDS_DETECTED, a confirmed deposit
//      │                               of the claimed amount; or ON_HOLD as above) ──▶ … ──▶ COMPLETED
//      └──payment DECLINED──▶ PAYMENT_FAILED (CARD_PAYMENT_DECLINED, next step CREATE_NEW_ORDER; terminal)
import { ORDER_EVENT_REASONS, ORDER_NEXT_STEPS, ORDER_STATUSES, type OrderEventKind, type OrderEventReason, type OrderNextStep } from 'shared-contracts/server';

/** The statuses are the contract's (`Order.status`, shared-contracts domain.ts): one list for the api and its clients. */
export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface NewOrderEvent {
  kind: OrderEventKind;
  /** Machine-readable cause, on every event off the happy path (one of shared-contracts' ORDER_EVENT_REASONS). */
  reason?: OrderEventReason;
  /** What happens next / what the customer can do (one of ORDER_NEXT_STEPS). */
  nextStep?: OrderNextStep;
}

/** Reasons and next steps the order page shows: the enums of shared-contracts (the page translates them). */
export const REASONS = ORDER_EVENT_REASONS;
export const NEXT_STEPS = ORDER_NEXT_STEPS;

/** §4 RATE_MODE_CHANGED offers hold this long unless NEW_RATE_OFFER_TTL_SECONDS says otherwise (issue 23). */
const DEFAULT_OFFER_TTL_MS = 120_000;

/**
 * Issue 23: a new-rate offer is an amount and an expiry. Accepting pays exactly the offered amount while the offer
 * holds; past its expiry it is renewed (a new amount, a new expiry) before it can be accepted.
 */
export function offerExpiresAt(offeredAt: Date, ttlMs = DEFAULT_OFFER_TTL_MS): Date {
  return new Date(offeredAt.getTime() + ttlMs);
}

/** An offer that is missing or past its expiry cannot be accepted. */
export function offerExpired(row: { offeredAt: Date | null }, now: Date, ttlMs?: number): boolean {
  return !row.offeredAt || offerExpiresAt(row.offeredAt, ttlMs) <= now;
}
