// The limiter's own slices of the configuration (issue 26: a module receives its slice, typed, not the whole Config).
import type { RateLimitedRoute } from './routeLimits';

/** Per-address limits of the route table's limited routes (routes.ts). */
export interface RouteLimitsConfig {
  /** HTTP_RATE_LIMIT_WINDOW_SECONDS in ms. */
  windowMs: number;
  /** Requests per window and client address, by route-table name (HTTP_RATE_LIMITS over the table's). */
  perAddress: Readonly<Record<RateLimitedRoute, number>>;
}

/** Attempts of one flow (sign-in, or password reset and email confirmation) per window. */
interface AttemptBudget {
  perAccountIp: number;
  perIp: number;
  perAccountBeforeDelay: number;
}

/** Sign-in, password reset, email confirmation and registration attempts (attempts.ts; RATE_LIMIT_*). */
export interface AttemptLimitsConfig {
  windowSeconds: number;
  login: AttemptBudget;
  reset: AttemptBudget;
  accountDelayMs: number;
  accountMaxDelayMs: number;
  registerPerIp: number;
}

/** Identity documents per account and replica (kyc.ts; KYC_SUBMITS_PER_HOUR, KYC_CONCURRENT_DECODES). */
export interface KycLimitsConfig {
  submitsPerHour: number;
  concurrentDecodes: number;
}
