// The per-address limits of routes (issue 7, issue 9), read from their declarations' `rateLimit`: the api enforces
// them (api/src/limits/) and the OpenAPI document lists their 429 (openapi.ts). Server side only (the server entry).
import type { RouteMeta, RouteRateLimit } from './defineRoutes';
import { routeTable, type RouteName, type RouteTable } from './routeTable';

export type { RouteRateLimit } from './defineRoutes';

/** The routes declared with a `rateLimit`. */
export type RateLimitedRoute = { [K in RouteName]: RouteTable[K] extends { rateLimit: RouteRateLimit } ? K : never }[RouteName];

/** Each limited route's limit, by route-table name. */
export const routeRateLimits = Object.fromEntries(
  Object.entries(routeTable as Record<RouteName, RouteMeta>).flatMap(([name, def]) => (def.rateLimit ? [[name, def.rateLimit]] : [])),
) as Readonly<Record<RateLimitedRoute, RouteRateLimit>>;
