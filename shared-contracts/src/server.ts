// The server-safe part of the contracts: no React, no ky. The api imports `shared-contracts/server`.
export * from './constants';
export * from './consent';
export * from './amounts';
export * from './errors';
export * from './domain';
export * from './schemas';
export * from './routeTable';
export * from './routes';
export * from './pairPath';
export * from './memo';
export * from './seo';
export { negotiateLocale } from './acceptLanguage';
export { buildOpenApiDocument } from './openapi';
export { routeRateLimits, type RateLimitedRoute, type RouteRateLimit } from './rateLimits';
export { CONTRACT_VERSION } from './contractVersion';
