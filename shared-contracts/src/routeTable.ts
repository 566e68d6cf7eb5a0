// The API route table without schemas: method, path, auth and timeout of every call of spec §7. It is
// all the browser client needs at run time, so the shared-contracts browser entry carries no zod;
// routes.ts adds the zod schemas under the same names (server, types, OpenAPI).
import { TIMEOUTS_MS } from './constants';

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
}

export const routeTable = {
  // ── Orders and pairs ────────────────────────────────────────────────
  ordersPublicLatest: {
    method: 'GET',
    path: '/api/v1/orders/public/latest',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Latest completed exchanges',
  },
  orderPublicInfo: {
    method: 'GET',
    path: '/api/v1/orders/public-info',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'An order, looked up by id and destination address',
  },
  orderRefundInfo: {
    method: 'GET',
    path: '/api/v1/orders/order-refund-info',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Refund amount and network fee of a fixed-rate order or of an order on hold',
  },
  orderCreate: {
    method: 'POST',
    path: '/api/v1/orders/public/create',
    tag: 'orders',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.createOrder,
    summary: 'Create an exchange order (send an Idempotency-Key header to make retries safe)',
  },
  orderSetEmail: {
    method: 'POST',
    path: '/api/v1/orders/public/set-email',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Attach an email to an order',
  },
  orderRequestRefund: {
    method: 'POST',
    path: '/api/v1/orders/public/request-refund',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.refund,
    summary: 'Request a refund of a fixed-rate order with a problem, or of an order on hold (the refund address is given here when the order has none)',
  },
  orderAcceptRateModeChange: {
    method: 'POST',
    path: '/api/v1/orders/public/accept-rate-mode-change',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.acceptRate,
    summary: 'Accept the new floating rate',
  },
  validateAddress: {
    method: 'POST',
    path: '/api/v1/instruments/public/validate-address',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Validate an address for a currency and network',
  },
  recommendedAmount: {
    method: 'GET',
    path: '/api/v1/rates/public/recommended-amount',
    tag: 'rates',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Recommended amount for a pair',
  },
  pairsDefault: {
    method: 'GET',
    path: '/api/v1/pairs/default',
    tag: 'pairs',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.pairsDefault,
    summary: 'The default pair of the exchange form',
  },
  rateOne: {
    method: 'GET',
    path: '/api/v2/rates/public/one',
    tag: 'rates',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.rateOne,
    summary: 'Full pair data for a pair and amount',
  },
  instrumentsV2: {
    method: 'GET',
    path: '/api/v2/instruments/public',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.instruments,
    // §7 "GET /api/v2/instruments/public?all=true … 3 s"
    queryTimeout: { query: { all: 'true' }, timeoutMs: TIMEOUTS_MS.allInstruments },
    summary: 'Instruments of one provider, or all with all=true',
  },
  pairsPublic: { method: 'GET', path: '/api/v2/pairs/public', tag: 'pairs', auth: 'none', timeoutMs: TIMEOUTS_MS.pairsPublic, summary: 'Every tradable pair' },
  popularExchanges: { method: 'GET', path: '/api/v1/pairs/popular', tag: 'pairs', auth: 'none', timeoutMs: TIMEOUTS_MS.default, summary: 'Popular exchanges' },
  statsPublic: { method: 'GET', path: '/api/v1/stats/public', tag: 'stats', auth: 'none', timeoutMs: TIMEOUTS_MS.default, summary: 'Public statistics' },

  // ── Health ─────────────────────────────────────────────────────────
  health: {
    method: 'GET',
    path: '/api/v1/health',
    tag: 'health',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.health,
    summary: 'Service health and which adapters are sandboxes',
  },
  healthz: { method: 'GET', path: '/api/v1/healthz', tag: 'health', auth: 'none', timeoutMs: TIMEOUTS_MS.healthz, summary: 'Liveness' },
  instrumentsV1: {
    method: 'GET',
    path: '/api/v1/instruments/public',
    tag: 'instruments',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.instrumentsV1,
    summary: 'Active instruments (v1, used as a health probe)',
  },

  // ── Account ────────────────────────────────────────────────────────
  accountData: {
    method: 'GET',
    path: '/api/v1/users/account-data',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The signed-in user',
  },
  register: {
    method: 'POST',
    path: '/api/v1/users/local/create',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Register with email and password',
  },
  login: {
    method: 'POST',
    path: '/api/v1/users/local/authenticate',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Sign in; sets the session cookies',
  },
  logout: {
    method: 'POST',
    path: '/api/v1/users/authentication/logout',
    tag: 'account',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Sign out; revokes the refresh token',
  },
  refresh: {
    method: 'POST',
    path: '/api/v1/users/authentication/refresh',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Rotate the session tokens',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/v1/users/local/request-password-reset',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Mail a password reset code',
  },
  resetPassword: {
    method: 'POST',
    path: '/api/v1/users/local/reset-password',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Set a new password with the mailed code',
  },
  orderHistory: {
    method: 'GET',
    path: '/api/v1/users/orders',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The signed-in user's orders, newest first",
  },
  requestEmailConfirmation: {
    method: 'POST',
    path: '/api/v1/users/email/request-confirmation',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Mail an email confirmation code (same answer whether or not the email is known)',
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/v1/users/email/confirm',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Confirm an email with the mailed code',
  },

  // ── Affiliate, cashback, wallet ────────────────────────────────────
  affiliateReferrerId: {
    method: 'GET',
    path: '/api/v1/affiliates/referrer-id',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The user's referral id",
  },
  affiliateProgram: {
    method: 'GET',
    path: '/api/v1/affiliates/program',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The programme's terms (commission, cashback tiers, withdrawal minimum) and the account's 30-day volume and cashback rate",
  },
  affiliateBalances: {
    method: 'GET',
    path: '/api/v1/affiliates/balances',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Balances',
  },
  affiliateAccruals: {
    method: 'GET',
    path: '/api/v1/affiliates/accruals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Accruals history',
  },
  affiliateCashbacks: {
    method: 'GET',
    path: '/api/v1/affiliates/cashbacks',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Cashbacks',
  },
  affiliateWithdrawals: {
    method: 'GET',
    path: '/api/v1/affiliates/withdrawals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Withdrawals history',
  },
  affiliateWithdraw: {
    method: 'POST',
    path: '/api/v1/affiliates/withdrawals',
    tag: 'affiliate',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Withdraw earnings in USDT on TRC20 (send an Idempotency-Key header: a retry never pays twice)',
  },

  // ── API keys ───────────────────────────────────────────────────────
  generateApiKey: {
    method: 'POST',
    path: '/api/v1/users/generate-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Create an API key (the secret is shown once)',
  },
  listApiKeys: { method: 'GET', path: '/api/v1/users/list-api-key', tag: 'keys', auth: 'user', timeoutMs: TIMEOUTS_MS.default, summary: 'API keys' },
  updateApiKey: {
    method: 'POST',
    path: '/api/v1/users/update-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Update an API key',
  },
  deleteApiKey: {
    method: 'POST',
    path: '/api/v1/users/delete-api-key',
    tag: 'keys',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Delete an API key',
  },

  // ── KYC ────────────────────────────────────────────────────────────
  kycSubmit: {
    method: 'POST',
    path: '/api/v1/users/kyc/submit',
    tag: 'kyc',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.upload,
    bodyType: 'multipart',
    summary: 'Submit identity verification data: multipart/form-data with the text fields and the JPEG, PNG or WebP photos',
  },
  kycStatus: {
    method: 'GET',
    path: '/api/v1/users/kyc/status',
    tag: 'kyc',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Identity verification status',
  },

  // ── Card provider ──────────────────────────────────────────────────
  providerSignUp: {
    method: 'POST',
    path: '/api/v1/liquidity-providers/:provider/user/sign-up',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Register with the card provider',
  },
  providerSignIn: {
    method: 'POST',
    path: '/api/v1/liquidity-providers/:provider/user/sign-in',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Sign in with the card provider',
  },
  providerContacts: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/user/contacts',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Contact confirmation state',
  },
  providerKycStatus: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/user/kyc-status',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'KYC features and their status',
  },
  providerKycAccessToken: {
    method: 'GET',
    path: '/api/v1/liquidity-providers/:provider/kyc/access-token',
    tag: 'card',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'KYC access token',
  },

  // ── Partner API (x-api-key; per-key limits in RateLimit-* headers) ──
  partnerInstruments: {
    method: 'GET',
    path: '/api/partner/v1/instruments',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Active instruments',
  },
  partnerPairs: {
    method: 'GET',
    path: '/api/partner/v1/pairs',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Every tradable pair',
  },
  partnerRate: {
    method: 'GET',
    path: '/api/partner/v1/rates',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.rateOne,
    summary: 'Full pair data (rate, limits, fees) for a pair and amount',
  },
  partnerOrderCreate: {
    method: 'POST',
    path: '/api/partner/v1/orders',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.createOrder,
    summary: "Create an order for a partner's customer (Idempotency-Key header required); attributed to the key's owner for commission",
  },
  partnerOrders: {
    method: 'GET',
    path: '/api/partner/v1/orders',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The partner's own orders, newest first",
  },
  partnerOrder: {
    method: 'GET',
    path: '/api/partner/v1/orders/:orderId',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'One of the partner’s orders',
  },
  partnerWebhooks: {
    method: 'GET',
    path: '/api/partner/v1/webhooks',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The partner's webhooks",
  },
  partnerWebhookCreate: {
    method: 'POST',
    path: '/api/partner/v1/webhooks',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Register a webhook URL; the answer carries its signing secret, shown once',
  },
  partnerWebhookDelete: {
    method: 'POST',
    path: '/api/partner/v1/webhooks/delete',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Remove a webhook',
  },
  partnerWebhookDeliveries: {
    method: 'GET',
    path: '/api/partner/v1/webhooks/deliveries',
    tag: 'partner',
    auth: 'partner',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The delivery log of the partner’s webhooks, newest first',
  },

  // ── Other ──────────────────────────────────────────────────────────
  seo: { method: 'POST', path: '/dict/seo', tag: 'content', auth: 'none', timeoutMs: TIMEOUTS_MS.default, summary: 'SEO texts of a page, keyed by locale' },
  redirectLookup: {
    method: 'GET',
    path: '/api/v1/redirects/lookup',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Redirect for a path, if any',
  },

  // ── Content service (§2 blog and docs, §7 blog service), support, status, analytics ──
  blogPosts: {
    method: 'GET',
    path: '/api/v1/content/blog/posts',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Blog posts per locale, newest first, optionally of one category (offset, per_page)',
  },
  blogEntry: {
    method: 'GET',
    path: '/api/v1/content/blog/entry',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'What a blog slug names: a post (with its rendered text) or a category',
  },
  blogSidebar: {
    method: 'GET',
    path: '/api/v1/content/blog/sidebar',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The blog sidebar: categories with their post counts and the recent posts',
  },
  docsNav: {
    method: 'GET',
    path: '/api/v1/content/docs/nav',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The documentation sidebar: sections and their pages',
  },
  docsPage: {
    method: 'GET',
    path: '/api/v1/content/docs/page',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'A documentation page with its rendered text',
  },
  contentRoadmap: {
    method: 'GET',
    path: '/api/v1/content/roadmap',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The roadmap: done, in progress and planned',
  },
  contentFaq: {
    method: 'GET',
    path: '/api/v1/content/faq',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Answers to the common questions (support page)',
  },
  contentImage: {
    method: 'GET',
    path: '/api/v1/content/images/:name',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'An image of a blog post or docs page (immutable, cached for a year)',
  },
  openApiDocument: {
    method: 'GET',
    path: '/api/v1/openapi.json',
    tag: 'content',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'This API’s OpenAPI 3.1 document (what the API reference page renders)',
  },
  supportRequestCreate: {
    method: 'POST',
    path: '/api/v1/support/requests',
    tag: 'support',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'File a support request; acknowledged by mail',
  },
  supportOrderLookup: {
    method: 'POST',
    path: '/api/v1/support/order-lookup',
    tag: 'support',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Find an order by its deposit transaction hash: the link goes to the order’s email, never in the answer',
  },
  statusPage: {
    method: 'GET',
    path: '/api/v1/status',
    tag: 'status',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The service’s health now, per day over the last 90 days, and its incidents',
  },
  analyticsCollect: {
    method: 'POST',
    path: '/api/v1/analytics/events',
    tag: 'analytics',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'First-party analytics sink: a batch of §4 events',
  },

  // ── Administration (ADMIN permission, §6) ──────────────────────────
  adminRedirectsList: {
    method: 'GET',
    path: '/api/v1/admin/redirects',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Every redirect',
  },
  adminRedirectAdd: {
    method: 'POST',
    path: '/api/v1/admin/redirects',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Add a redirect of a full path (the /ru prefix is part of it) to a site path or an http(s) URL',
  },
  adminRedirectDelete: {
    method: 'POST',
    path: '/api/v1/admin/redirects/delete',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Remove the redirect of a path',
  },
  adminKycList: {
    method: 'GET',
    path: '/api/v1/admin/kyc',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Identity verifications, pending (CREATED, PROCESS) first, paginated',
  },
  adminKycGet: {
    method: 'GET',
    path: '/api/v1/admin/kyc/:verificationId',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'An identity verification: its data, its documents and its audit log',
  },
  adminKycDocument: {
    method: 'GET',
    path: '/api/v1/admin/kyc/:verificationId/documents/:kind',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'A verification document (face, front or back): the re-encoded JPEG, never cached',
  },
  adminKycDecide: {
    method: 'POST',
    path: '/api/v1/admin/kyc/decide',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Pass or reject (with a reason) a pending identity verification; kept in the audit log',
  },
  adminIncidentCreate: {
    method: 'POST',
    path: '/api/v1/admin/status/incidents',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Post an incident on the status page',
  },
  adminIncidentUpdate: {
    method: 'POST',
    path: '/api/v1/admin/status/incidents/update',
    tag: 'admin',
    auth: 'admin',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'Move an incident to another state (resolved closes it), optionally with a new text',
  },
} as const satisfies Record<string, RouteMeta>;

export type RouteTable = typeof routeTable;
export type RouteName = keyof RouteTable;

/** The timeout of one call of a route: the route's, or its query's own (`queryTimeout`) when the query matches. */
export function routeTimeoutMs(route: RouteMeta, query?: Readonly<Record<string, unknown>>): number {
  const special = route.queryTimeout;
  if (special && query && Object.entries(special.query).every(([k, v]) => query[k] !== undefined && String(query[k]) === v)) return special.timeoutMs;
  return route.timeoutMs;
}
