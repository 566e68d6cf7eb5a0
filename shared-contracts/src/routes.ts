// The route table with its zod schemas, for the server entry: each declaration's `schemas` called once with zod
// and the contracts' schemas. The api registers its handlers from `apiRoutes`, the client is typed by it and the
// OpenAPI document is generated from it.
import { z } from 'zod';
import type { RouteDeclaration, RouteMeta } from './defineRoutes';
import { type RouteName, type RouteTable, routeTable } from './routeTable';
import * as schemas from './schemas';

export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends RouteMeta {
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

type Slot<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType } ? T : undefined;
/** A declaration with its schemas in place of the function that makes them. */
type WithSchemas<D extends RouteDeclaration, S = ReturnType<D['schemas']>> = Omit<D, 'schemas'> &
  RouteDef<Slot<S, 'query'>, Slot<S, 'body'>, Slot<S, 'params'>, S extends { response: infer R extends z.ZodType } ? R : never>;

export type ApiRoutes = { readonly [N in RouteName]: WithSchemas<RouteTable[N]> };

const kit = { z, s: schemas };
export const apiRoutes = Object.fromEntries(
  Object.entries(routeTable).map(([name, { schemas: declared, ...meta }]: [string, RouteDeclaration]) => [name, { ...meta, ...declared(kit) }]),
) as unknown as ApiRoutes;

export type { HttpMethod, RouteAuth, RouteMeta, RouteName } from './routeTable';

type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteQuery<N extends RouteName> = InOf<ApiRoutes[N]['query']>;
export type RouteBody<N extends RouteName> = InOf<ApiRoutes[N]['body']>;
export type RouteParams<N extends RouteName> = InOf<ApiRoutes[N]['params']>;
export type RouteResponse<N extends RouteName> = z.infer<ApiRoutes[N]['response']>;

/** Routes whose path and method must exist on the server for the WebSocket. */
export const WS_PATH = '/api/v2/ws';
