// The API route table (§7): every call, each declared once in its domain (domains/<domain>/routes.ts: method,
// path, auth, timeout, OpenAPI text and schemas). The browser client reads the method, path and timeout from it
// and never calls a route's `schemas`, so the browser entry carries no zod; the server entry (routes.ts) turns
// the table into `apiRoutes` with the schemas (api handlers, client types, OpenAPI).
import { accountRoutes } from './domains/accounts/routes';
import { analyticsRoutes } from './domains/analytics/routes';
import { cardRoutes } from './domains/card/routes';
import { contentRoutes, redirectAdminRoutes } from './domains/content/routes';
import { healthRoutes } from './domains/health/routes';
import { kycAdminRoutes, kycRoutes } from './domains/kyc/routes';
import { marketRoutes } from './domains/market/routes';
import { affiliateRoutes } from './domains/money/routes';
import { orderRoutes } from './domains/orders/routes';
import { receiptRoutes } from './domains/receipts/routes';
import { apiKeyRoutes, partnerRoutes } from './domains/partner/routes';
import { incidentAdminRoutes, statusRoutes } from './domains/status/routes';
import { supportRoutes } from './domains/support/routes';

export type { HttpMethod, RouteAuth, RouteMeta } from './defineRoutes';

// The order is the OpenAPI document's (its paths and tags, as the API reference shows them).
export const routeTable = {
  ...orderRoutes,
  ...receiptRoutes,
  ...marketRoutes,
  ...healthRoutes,
  ...accountRoutes,
  ...affiliateRoutes,
  ...apiKeyRoutes,
  ...kycRoutes,
  ...cardRoutes,
  ...partnerRoutes,
  ...contentRoutes,
  ...supportRoutes,
  ...statusRoutes,
  ...analyticsRoutes,
  ...incidentAdminRoutes,
  ...redirectAdminRoutes,
  ...kycAdminRoutes,
};

export type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;

export { routeTimeoutMs } from './routeCall';
