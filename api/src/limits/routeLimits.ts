// The per-address limits of routes (issue 7, issue 9), by route-table name, and their HTTP_RATE_LIMITS overrides.
import type { RouteName } from 'shared-contracts/server';

/**
 * Requests per window (HTTP_RATE_LIMIT_WINDOW_SECONDS, default a minute) and client address. Far above what
 * a person or the e2e journeys do; overridable with HTTP_RATE_LIMITS=orderCreate=10,login=50.
 */
export const ROUTE_RATE_LIMITS = {
  orderCreate: 30,
  orderSetEmail: 30,
  orderRequestRefund: 30,
  orderAcceptRateModeChange: 30,
  validateAddress: 120,
  // §7 SEO texts: web asks once per server render (for the visitor, whom it forwards), the browser once per navigation.
  seo: 600,
  register: 30,
  login: 100,
  refresh: 60,
  logout: 60,
  requestPasswordReset: 30,
  resetPassword: 30,
  requestEmailConfirmation: 30,
  confirmEmail: 60,
  // Issue 24: step-up and two-factor calls (each password or code guess also counts as a sign-in attempt of the account).
  stepUp: 30,
  twoFactorSetup: 30,
  twoFactorEnable: 30,
  twoFactorDisable: 30,
  // Web asks before every server render, per visitor address (X-Forwarded-For): far above anyone's browsing.
  redirectLookup: 600,
  adminRedirectAdd: 30,
  adminRedirectDelete: 30,
  // Issue 24: taking a verification for review (a state change, audit-logged)
  adminKycTake: 60,
  // Issue 24: identity documents (also per account: KYC_SUBMITS_PER_HOUR, one in flight; modules/kyc/limits.ts)
  kycSubmit: 10,
  // API keys (issue 11): each account also has at most 20 keys
  generateApiKey: 30,
  updateApiKey: 60,
  deleteApiKey: 30,
  resumeApiKey: 30,
  // card provider (issue 12): sign-up mails a code
  providerSignUp: 10,
  providerSignIn: 30,
  // Issue 11: a withdrawal request holds money; far above a person's use, low enough to stop a script.
  affiliateWithdraw: 10,
  // Issue 13: the shell batches analytics events (one request per few seconds of use, one more on leaving a page).
  analyticsCollect: 120,
  // Issue 13 support page: each request mails an acknowledgement (also limited per email, modules/support/limits.ts);
  // the order lookup probes orders by transaction hash, so it is held hard (and per address and hour there too).
  supportRequestCreate: 10,
  supportOrderLookup: 5,
  adminIncidentCreate: 30,
  adminIncidentUpdate: 60,
} as const satisfies Partial<Record<RouteName, number>>;

export type RateLimitedRoute = keyof typeof ROUTE_RATE_LIMITS;

export const isRateLimited = (name: string): name is RateLimitedRoute => Object.hasOwn(ROUTE_RATE_LIMITS, name);

/** Routes whose limit a client on the api's own machine skips: web, dev, e2e and bench all browse from loopback. */
export const LOOPBACK_UNLIMITED: ReadonlySet<RateLimitedRoute> = new Set(['seo', 'redirectLookup']);

/** `orderCreate=10,login=50` over the defaults; an unknown name or a bad number is an error. */
export function parseRateLimitOverrides(spec: string): Record<RateLimitedRoute, number> {
  const limits: Record<RateLimitedRoute, number> = { ...ROUTE_RATE_LIMITS };
  for (const item of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, max] = item.split('=').map((s) => s.trim());
    if (!isRateLimited(name)) {
      throw new Error(`HTTP_RATE_LIMITS: unknown route ${name}; one of ${Object.keys(ROUTE_RATE_LIMITS).join(', ')}`);
    }
    if (!/^\d+$/.test(max ?? '') || Number(max) < 1) throw new Error(`HTTP_RATE_LIMITS: ${name} needs a whole number ≥ 1`);
    limits[name] = Number(max);
  }
  return limits;
}
