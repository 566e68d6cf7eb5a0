// Limits of the support routes beyond their per-address limits (routeLimits.ts) (issue 13). These are constants,
// not settings, so no deployment can run them weaker: requests per email (one address cannot be mail-bombed with
// acknowledgements from many addresses), order lookups per client address over an hour, and order-link mails per
// order. Counted in the limit store (store.ts: Redis shared by replicas when REDIS_URL is set, memory otherwise).
import { addressKey } from './address';
import { consumeIfRoom, consumeOrRefuse } from './refusal';
import type { LimitStore } from './store';

export const SUPPORT_LIMITS = {
  /** Support requests per email address and hour. */
  requestsPerEmailPerHour: 5,
  /** Order lookups per client address (IPv6 by /64) and hour, on top of the per-minute route limit. */
  lookupsPerAddressPerHour: 20,
  /** Order-link mails per order and hour: the order's owner is not flooded by lookups of a known hash. */
  orderLinkMailsPerOrderPerHour: 3,
} as const;

const HOUR_SECONDS = 3600;

export interface SupportLimiter {
  /** 429 ERR_TOO_MANY_REQUESTS past the email's budget. */
  request(email: string): Promise<void>;
  /** 429 ERR_TOO_MANY_REQUESTS past the address's budget. */
  lookup(ip: string): Promise<void>;
  /** Whether the order's email may get another order-link mail now (never refuses the request itself). */
  orderLinkMail(orderId: string): Promise<boolean>;
}

export function createSupportLimiter(store: LimitStore): SupportLimiter {
  const make = (name: string, points: number) => store.bucket(`support:${name}`, points, HOUR_SECONDS);
  const perEmail = make('email', SUPPORT_LIMITS.requestsPerEmailPerHour);
  const perAddress = make('lookup-ip', SUPPORT_LIMITS.lookupsPerAddressPerHour);
  const perOrder = make('order-link', SUPPORT_LIMITS.orderLinkMailsPerOrderPerHour);

  return {
    request: (email) => consumeOrRefuse(perEmail, email, 'support requests from this email'),
    lookup: (ip) => consumeOrRefuse(perAddress, addressKey(ip), 'order lookups from this address'),
    orderLinkMail: (orderId) => consumeIfRoom(perOrder, orderId),
  };
}
