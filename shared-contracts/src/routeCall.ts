// What a caller of the API needs of one route: its method, path, timeouts and body type. The browser entry carries
// these alone (routeCalls.ts, generated from the route table), not the declarations with their OpenAPI text and
// schema builders (issue 27: ~half of the shared-contracts chunk).
import type { RouteMeta, RouteName, RouteTable } from './routeTable';

export type RouteCall = Pick<RouteMeta, 'method' | 'path' | 'timeoutMs' | 'queryTimeout' | 'bodyType'>;

/** Every route's call, each typed as its declaration (so `bodyType: 'multipart'` stays a literal). */
export type RouteCalls = { readonly [N in RouteName]: RouteCall & Pick<RouteTable[N], 'method' | 'path'> };

/** The call part of a route declaration, in the declaration's key order. */
export function routeCallOf(route: RouteMeta): RouteCall {
  const { method, path, timeoutMs, queryTimeout, bodyType } = route;
  return { method, path, timeoutMs, ...(queryTimeout ? { queryTimeout } : {}), ...(bodyType ? { bodyType } : {}) };
}

/** The timeout of one call of a route: the route's, or its query's own (`queryTimeout`) when the query matches. */
export function routeTimeoutMs(route: RouteCall, query?: Readonly<Record<string, unknown>>): number {
  const special = route.queryTimeout;
  if (special && query && Object.entries(special.query).every(([k, v]) => query[k] !== undefined && String(query[k]) === v)) return special.timeoutMs;
  return route.timeoutMs;
}
