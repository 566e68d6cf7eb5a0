// The English texts of the `mfe-order` namespace (en.json, which webpack emits as JSON.parse: cheaper to parse than an
// object literal): their own chunk, loaded by `loadResources('en')`.
import enTexts from './en.json';
import type { OrderEventReason, OrderHoldNextStep, OrderHoldReason, OrderNextStep } from 'shared-contracts';

/** A text for every reason and next step the api can write (shared-contracts' enums): a missing one does not compile. */
type OrderEventTextKey =
  | `reason_${OrderEventReason}`
  | `next_${OrderNextStep}`
  | `hold_text_${OrderHoldReason}`
  | `hold_text_card_${OrderHoldReason}`
  | `hold_next_${OrderHoldNextStep}`;

// Notes on keys of en.json (JSON has no comments):
// - state_card_CREATION_END: a card order's first states say "payment" where a chain order says "deposit" (issue 12)
// - confirmations_one: count: the confirmations required (the noun agrees with it); confirmed: how many the deposit has
// - hold_title_card: issue 25: a card purchase is paid, not deposited
// - error_refund_address_empty: the exchange form's §5 refund-address rules, worded for this page (error_address_incorrect means the order link here)
// - card_decline_insufficient_funds: issue 23: known provider decline reasons, said in the page's language (any other is shown as the provider wrote it)
// - offer_time_left: issue 23: a new-rate offer holds for a while; past it a fresh one is asked for before anything is paid
// - expired_title: issue 23: after the fixed-rate window, no more "send X"
// - destination_address: issue 23: where the exchange is paid out, shown while waiting for the deposit
// - summary_title: issue 25: the order at a glance while it runs; a fixed-rate amount is exact, a floating one "about"
export const en = enTexts satisfies Record<OrderEventTextKey, string> & Record<string, string>;
