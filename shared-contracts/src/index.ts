// The browser entry, shared as a Module Federation singleton: no zod at run time (schemas and the
// schema-carrying route table are types here; the api uses `shared-contracts/server`). Its `routeTable` is the
// calls alone (routeCalls.ts, generated from the declarations: method, path, timeouts, body type), without the
// declarations' OpenAPI text and schema builders that only the server reads (issue 27).
export * from './constants';
export * from './consent';
export * from './amounts';
export * from './errors';
export * from './domain';
export { routeCalls as routeTable } from './routeCalls';
export { type RouteCall, routeTimeoutMs } from './routeCall';
export type { HttpMethod, RouteAuth, RouteMeta, RouteName, RouteTable } from './routeTable';
export * from './client';
export * from './cookies';
export * from './acceptLanguage';
export * from './host';
export * from './pairPath';
export * from './memo';
export * from './seo';
export * from './contractVersion';
export * from './pageMap';
export type * from './schemas';
export type * from './routes';
export type { RemoteEntry, RemoteName } from '../remotes.cjs';
