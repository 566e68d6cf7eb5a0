// Card provider adapter (§7 "Card provider", §4 card flow; issue 12): the payment and identity provider through which a
// signed-in account buys crypto with a card. modules/provider serves the five calls of §7 over an adapter; the only
// implementation so far is the SANDBOX provider (sandbox.ts). Every call is made for one site account (userId): a
// provider account, its tokens and its payments never serve another.

/** §4: KYC counts as complete when every feature is COMPLETED; REJECTED ends the flow (error_kyc_flow, §8). */
export type ProviderFeatureStatus = 'NOT_STARTED' | 'PENDING' | 'COMPLETED' | 'REJECTED';
export type ProviderEmailStatus = 'CONFIRMED' | 'UNCONFIRMED';
export type ProviderPaymentStatus = 'PENDING' | 'PAID' | 'DECLINED';

interface ProviderFeature {
  feature: string;
  status: ProviderFeatureStatus;
}

interface ProviderSignUpResult {
  /** The provider already knew the account (§4: tolerated, the flow goes on). */
  alreadyRegistered: boolean;
  /**
   * Who confirms the email: `provider` (the provider mails its own confirmation), `site` (the provider relies on the
   * site's email confirmation: the module mails the site's confirmation code), `done` (already confirmed).
   */
  emailConfirmation: 'provider' | 'site' | 'done';
}

/** An account's provider session: what a bearer token of signIn stands for. */
export interface ProviderSession {
  userId: number;
  accountId: string;
}

export interface CardPaymentInput {
  orderId: string;
  userId: number | null;
  /** Decimal string in `currency` (the order's claimed deposit, fiat). */
  amount: string;
  currency: string;
}

export interface CardPayment {
  paymentId: string;
  /** The provider's payment page (Order.redirectUrl, §3): the redirect modal of type order (§2). */
  redirectUrl: string;
  status: ProviderPaymentStatus;
  /** Why a payment was declined (shown with the order's next step); null otherwise. */
  reason: string | null;
}

export interface ProviderAdapter {
  /** The {provider} path segment (§7). */
  readonly name: string;
  /** True for the sandbox provider (no money moves; test cards). */
  readonly sandbox: boolean;
  /** Registers the account's email with the provider; an already-registered account is not an error. */
  signUp(userId: number, email: string): Promise<ProviderSignUpResult>;
  /** A new bearer token for the account's provider session; ERR_NOT_FOUND when the account never signed up. */
  signIn(userId: number, email: string): Promise<{ token: string }>;
  /** The session a bearer token stands for, when it is live and the account's own; else null. */
  session(userId: number, token: string): Promise<ProviderSession | null>;
  contacts(session: ProviderSession): Promise<{ emailStatus: ProviderEmailStatus }>;
  kycStatus(session: ProviderSession): Promise<{ features: ProviderFeature[] }>;
  /** A short-lived token that opens the provider's KYC page (kycUrl) for the account's applicant. */
  kycAccessToken(session: ProviderSession): Promise<{ kycAccessToken: string; applicantId: string; kycUrl: string }>;
  /**
   * Server side, no bearer token (order creation, §4 card flow): whether the account's KYC is COMPLETED with this
   * provider, as kycStatus would report it. False for an account the provider does not know.
   */
  kycComplete(userId: number): Promise<boolean>;
  /** The card payment of an order (one per order: asking again answers the same payment). */
  createPayment(input: CardPaymentInput): Promise<CardPayment>;
  paymentStatus(paymentId: string): Promise<CardPayment | null>;
  /**
   * Cancels a payment still PENDING, so that it can no longer be paid (an order whose payment expired, issue 23):
   * it is DECLINED with `reason`. Answers the payment as it then stands: PAID or DECLINED if it settled first; null
   * for a payment the provider does not know. Settled-payment listeners are not told (the caller moves the order).
   */
  cancelPayment(paymentId: string, reason: string): Promise<CardPayment | null>;
  /**
   * Registers who hears of a payment that settled (PAID or DECLINED) in this process: the orders module, so the order
   * moves at once (a real provider's callback would land here; the sandbox calls it from its payment page). Listeners
   * handle their own errors; the order job's polling of paymentStatus covers a notice that never arrives.
   */
  onPaymentSettled(listener: PaymentSettledListener): void;
}

export type PaymentSettledListener = (orderId: string, payment: CardPayment) => Promise<void>;
