// Enumerations of spec §3 and §4 (their zod schemas are in schemas.ts, so the browser entry carries no zod).

export const RATE_MODES = ['FLOATING', 'FIXED'] as const;
export type RateMode = (typeof RATE_MODES)[number];

export const EXCHANGE_TYPES = ['crypto', 'fiat'] as const;
export type ExchangeType = (typeof EXCHANGE_TYPES)[number];

/** §4 order events. */
export const ORDER_EVENT_KINDS = [
  'CREATION_END',
  'DEPOSIT_REGISTERED',
  'INCOMING_FUNDS_DETECTED',
  'FUNDS_WITHDRAWAL_START',
  'WITHDRAWAL_COMPLETED',
  'REFUND_REQUESTED',
  'REFUND_COMPLETED',
  'RATE_MODE_CHANGED',
  'RATE_MODE_CHANGE_ACCEPTED',
  'FIXED_RATE_HIGH_VOLATILITY_DETECTED',
  'FIXED_RATE_SLOW_DEPOSIT_DETECTED',
  'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED',
  // Not in §4: the deposit exceeds the pair's maximum (or no-KYC threshold) and is held, not exchanged; the
  // customer can only ask for a refund. None of the §4 kinds fits: the FIXED_RATE_* kinds offer a new rate.
  'DEPOSIT_ON_HOLD',
  // Not in §4: a card purchase (§4 card flow) whose card payment the provider declined. The order ends here (nothing
  // was taken, so nothing is refunded); its reason is CARD_PAYMENT_DECLINED and orderDetails.cardPayment says why.
  'CARD_PAYMENT_DECLINED',
  // Not in §4 (issue 29): a FLOATING order whose rate at execution would pay more than its maxSlippage less than its
  // quote (for the amount deposited). It stops and offers the same choice as the FIXED_RATE_* kinds: the new rate or a refund.
  'FLOATING_RATE_SLIPPAGE_EXCEEDED',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const FIXED_RATE_PROBLEM_EVENTS: readonly OrderEventKind[] = [
  'FIXED_RATE_HIGH_VOLATILITY_DETECTED',
  'FIXED_RATE_SLOW_DEPOSIT_DETECTED',
  'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED',
  // issue 29: not a fixed rate, but the same problem for the customer (a rate they did not agree to) and the same choice
  'FLOATING_RATE_SLIPPAGE_EXCEEDED',
];

/**
 * Issue 29: a FLOATING order's maximum slippage, a fraction written as a decimal string ("0.01" = 1 %): how much less than
 * its quote (for the amount deposited) it may pay at execution before it stops for the customer's choice.
 */
export const MAX_SLIPPAGE = { default: '0.01', min: '0.001', max: '0.05' } as const;

/**
 * §4 order lifecycle: the order's state (`Order.status`), what may happen next (api modules/orders/lifecycle.ts moves
 * orders through these and no others). `orderEvents` is the history behind it.
 */
export const ORDER_STATUSES = [
  'AWAITING_DEPOSIT',
  'CONFIRMING',
  'AWAITING_DECISION',
  'ON_HOLD',
  'EXCHANGING',
  'WITHDRAWING',
  'COMPLETED',
  'REFUND_REQUESTED',
  'REFUNDING',
  'REFUNDED',
  'PAYMENT_FAILED',
] as const;

/** §4 verification. */
export const VERIFICATION_STATUSES = ['NOT_STARTED', 'CREATED', 'PROCESS', 'PASS', 'REJECT'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const UPLOAD_STEPS = ['NONE', 'RESIDENTIAL', 'TYPE_ID', 'PERSONAL_INFO', 'GET_READY', 'UPLOADING_DOCS'] as const;
export type UploadStep = (typeof UPLOAD_STEPS)[number];

export const IDENTITY_TYPES = ['passport', 'idcard', 'drivinglicense'] as const;
export const DEFAULT_IDENTITY_TYPE = 'idcard';

/** §4 health. */
export const HEALTH_STATUSES = ['OK', 'TECHNICAL_DIFFICULTIES', 'UNHEALTHY'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** §4 email-confirmation mode; configuration names ALL=A, BEST=B, DISABLED=D. */
export const CKM_MODES = ['A', 'B', 'D'] as const;
export type Ckm = (typeof CKM_MODES)[number];
export const CKM_BY_CONFIG_NAME: Record<'ALL' | 'BEST' | 'DISABLED', Ckm> = { ALL: 'A', BEST: 'B', DISABLED: 'D' };

/** §4 analytics events. */
export const ANALYTICS_EVENTS = [
  'test_event',
  'button_read_all_articles',
  'restore_password_form_submitted',
  'exchange_parameters_changed',
  'exchange_initiated',
  'registration_completed',
  'login_success',
  'open_support_modal',
  'exchange_completed_guest',
  'exchange_completed_registered',
  'exchange_abandoned',
  'registration_abandoned',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const PERMISSIONS = ['ADMIN', 'USER'] as const;

/** The two provider values of `GET /api/v2/instruments/public?providers=` (§7). */
export const INSTRUMENT_PROVIDERS = ['EXCHANGE', 'CARD'] as const;
export type InstrumentProvider = (typeof INSTRUMENT_PROVIDERS)[number];

/**
 * §4 order events: why an event happened off the happy path (`OrderEvent.reason`). The wire keeps a string;
 * the api writes only these, and the order page has a text for each (mfe-order/src/i18n.ts).
 */
export const ORDER_EVENT_REASONS = {
  slowDeposit: 'DEPOSIT_AFTER_FIXED_RATE_EXPIRED',
  depositBelowClaimed: 'DEPOSIT_BELOW_CLAIMED_AMOUNT',
  depositAboveClaimed: 'DEPOSIT_ABOVE_CLAIMED_AMOUNT',
  volatility: 'MARKET_MOVED_BEYOND_THRESHOLD',
  floatingOffered: 'FLOATING_RATE_OFFERED',
  refundRequested: 'CUSTOMER_REQUESTED_REFUND',
  refundSent: 'REFUND_SENT',
  rateAccepted: 'CUSTOMER_ACCEPTED_FLOATING_RATE',
  depositAboveMaximum: 'DEPOSIT_ABOVE_MAXIMUM',
  depositBelowMinimum: 'DEPOSIT_BELOW_MINIMUM',
  depositAboveNoKycThreshold: 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD',
  pairNotActive: 'PAIR_NOT_ACTIVE',
  cardPaymentDeclined: 'CARD_PAYMENT_DECLINED',
  /** Issue 29: FLOATING_RATE_SLIPPAGE_EXCEEDED. */
  slippageExceeded: 'RATE_WORSE_THAN_MAX_SLIPPAGE',
} as const;
export type OrderEventReason = (typeof ORDER_EVENT_REASONS)[keyof typeof ORDER_EVENT_REASONS];

/** Why a deposit is held (DEPOSIT_ON_HOLD): the reasons the api's guardrails and settlement give. */
export const ORDER_HOLD_REASONS = [
  ORDER_EVENT_REASONS.depositAboveMaximum,
  ORDER_EVENT_REASONS.depositBelowMinimum,
  ORDER_EVENT_REASONS.depositAboveNoKycThreshold,
  ORDER_EVENT_REASONS.pairNotActive,
] as const;
export type OrderHoldReason = (typeof ORDER_HOLD_REASONS)[number];

/** §4 order events: what happens next or what the customer can do (`OrderEvent.nextStep`). */
export const ORDER_NEXT_STEPS = {
  chooseRefundOrNewRate: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE',
  refundPayout: 'REFUND_PAYOUT_PENDING',
  exchangeAtFloatingRate: 'EXCHANGE_AT_CURRENT_FLOATING_RATE',
  requestRefundOrContactSupport: 'REQUEST_REFUND_OR_CONTACT_SUPPORT',
  /** A declined card payment: start a new order (another card). */
  createNewOrder: 'CREATE_NEW_ORDER',
  none: 'NONE',
} as const;
export type OrderNextStep = (typeof ORDER_NEXT_STEPS)[keyof typeof ORDER_NEXT_STEPS];

/** The next steps a held deposit offers. */
export const ORDER_HOLD_NEXT_STEPS = [ORDER_NEXT_STEPS.requestRefundOrContactSupport] as const;
export type OrderHoldNextStep = (typeof ORDER_HOLD_NEXT_STEPS)[number];
