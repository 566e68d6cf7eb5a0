// The limiter module (issue 26): every limit of the api counted in one limit store over the process's one Redis
// command client (bus/connect.ts), in memory without Redis. Modules use what this face exports.
export { addressKey } from './address';
export { accountDelayMs, createAttemptLimiter, REGISTRATION_NOTICES_PER_WINDOW, type AttemptLimiter, type Sleep } from './attempts';
export type { AttemptLimitsConfig } from './config';
export { createKycLimits } from './kyc';
export { createPartnerRateLimiter, type PartnerRateLimiter } from './partner';
export { parseRateLimitOverrides, ROUTE_RATE_LIMITS, type RateLimitedRoute } from './routeLimits';
export { installRouteRateLimits } from './routes';
export { createLimitStore, type LimitStore } from './store';
export { createSupportLimiter, SUPPORT_LIMITS, type SupportLimiter } from './support';
