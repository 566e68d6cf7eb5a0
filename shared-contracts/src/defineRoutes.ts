// How a call of the API (§7) is declared: once, in its domain's routes.ts (domains/<domain>/routes.ts), with its
// method, path, auth, timeout, OpenAPI text and its zod schemas together. The schemas are a function of the zod
// namespace and the contracts' schemas, handed in by the server entry (routes.ts `apiRoutes`): the browser entry
// loads these declarations for their method, path and timeout and never calls the function, so it carries no zod.
import type { z } from 'zod';
import type * as Schemas from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `partner`: the partner API, authenticated by the `x-api-key` header (never by cookies). */
export type RouteAuth = 'none' | 'optional' | 'user' | 'admin' | 'partner';

export interface RouteMeta {
  method: HttpMethod;
  /** Fastify-style path; `:param` segments are filled from `params`. */
  path: string;
  tag: string;
  summary: string;
  auth: RouteAuth;
  timeoutMs: number;
  /** A query that has a timeout of its own (§9 "all instruments 3 s"): when every listed param has its value. */
  queryTimeout?: { query: Readonly<Record<string, string>>; timeoutMs: number };
  /** How the body travels: JSON (default), or multipart/form-data (text fields plus files; the client takes a FormData). */
  bodyType?: 'json' | 'multipart';
  /** The api's limit of this call per client address (issue 7); the OpenAPI document lists its 429. */
  rateLimit?: RouteRateLimit;
}

/**
 * Requests per window (HTTP_RATE_LIMIT_WINDOW_SECONDS, default a minute) and client address (after proxy trust), past
 * which the api answers 429 ERR_TOO_MANY_REQUESTS with Retry-After (api/src/limits/routes.ts), before reading the body.
 * Far above what a person or the e2e journeys do; HTTP_RATE_LIMITS=orderCreate=10,login=50 overrides it.
 */
export interface RouteRateLimit {
  perAddress: number;
  /** A client on the api's own machine skips it (web asks per visitor; dev, e2e and bench browse from loopback). */
  loopbackUnlimited?: true;
}

/** What a route's `schemas` receives: zod, and every schema of the contracts (domains/<domain>/schemas.ts). */
interface SchemaKit {
  z: typeof z;
  s: typeof Schemas;
}

interface RouteSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}

export interface RouteDeclaration extends RouteMeta {
  /** The request and response schemas; called once, by the server entry. */
  schemas: (kit: SchemaKit) => RouteSchemas;
}

/** A domain's routes, their literal types kept (the client and the api are typed from them). */
export function defineRoutes<const T extends Record<string, RouteDeclaration>>(routes: T): T {
  return routes;
}
