// Lookup of a registered route (method + Fastify url pattern) in the shared-contracts route table.
import { routeTable, type RouteName } from 'shared-contracts/server';

const byMethodAndPath = new Map<string, RouteName>(
  (Object.entries(routeTable) as [RouteName, { method: string; path: string }][]).map(([name, meta]) => [`${meta.method} ${meta.path}`, name]),
);

/** The route-table name of a route; HEAD routes Fastify adds for GETs count as their GET. */
export function routeNameOf(method: string, url: string): RouteName | undefined {
  return byMethodAndPath.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
}
