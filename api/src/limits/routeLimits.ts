// The per-address limits of routes (issue 7, issue 9): declared once, in each route's declaration (shared-contracts
// domains/<domain>/routes.ts `rateLimit`, which the OpenAPI document also reads), and their HTTP_RATE_LIMITS overrides.
import { type RateLimitedRoute, routeRateLimits } from 'shared-contracts/server';

export type { RateLimitedRoute } from 'shared-contracts/server';

/** Requests per window and client address by route-table name, as declared (HTTP_RATE_LIMITS may override them). */
export const ROUTE_RATE_LIMITS = Object.fromEntries(Object.entries(routeRateLimits).map(([name, limit]) => [name, limit.perAddress])) as Readonly<
  Record<RateLimitedRoute, number>
>;

export const isRateLimited = (name: string): name is RateLimitedRoute => Object.hasOwn(routeRateLimits, name);

/** Whether a client on the api's own machine skips the route's limit (web, dev, e2e and bench browse from loopback). */
export const loopbackUnlimited = (name: RateLimitedRoute): boolean => routeRateLimits[name].loopbackUnlimited === true;

/** `orderCreate=10,login=50` over the declared limits; an unknown name or a bad number is an error. */
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
