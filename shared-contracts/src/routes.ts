// The API route table: every call of spec §7, declared once. The api registers its handlers from it,
// the client is typed by it and the OpenAPI document is generated from it.
import { z } from 'zod';
import { TIMEOUTS_MS } from './constants';
import { RateModeSchema, InstrumentProviderSchema } from './domain';
import {
  AccountDataSchema,
  ApiKeySchema,
  BalanceSchema,
  ClaimedPublicRateSchema,
  DefaultPairSchema,
  EmailSchema,
  ExchangeRequestSchema,
  HealthSchema,
  InstrumentRefSchema,
  InstrumentSchema,
  LatestOrderSchema,
  LedgerEntrySchema,
  MoneySchema,
  OrderSchema,
  PairDataSchema,
  PopularExchangeSchema,
  PublicPairSchema,
  PublicStatsSchema,
  RefundInfoSchema,
  UtmRecordSchema,
  VerificationDataSchema,
  VerificationStatusBodySchema,
  WithdrawalPayloadSchema,
  WithdrawalRecordSchema,
} from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'none' | 'optional' | 'user' | 'admin';

export interface RouteDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path; `:param` segments are filled from `params`. */
  path: string;
  tag: string;
  summary: string;
  auth: RouteAuth;
  timeoutMs: number;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

function route<Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  def: RouteDef<Q, B, P, R>,
): RouteDef<Q, B, P, R> {
  return def;
}

const Ok = z.object({ ok: z.literal(true) });
const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
const ProviderQuery = z.object({ locale: z.string().optional() }).optional();
const OrderLookupQuery = z.object({ orderId: z.string().min(1).max(64), destinationAddress: z.string().min(1).max(256) });

export const CreateOrderBodySchema = z
  .object({
    rateMode: RateModeSchema,
    instrumentFrom: InstrumentRefSchema,
    instrumentTo: InstrumentRefSchema,
    destinationAddress: z.string().trim().min(1).max(256),
    destinationAddressMemo: z.string().trim().max(128).optional(),
    refundAddress: z.string().trim().max(256).optional(),
    refundAddressMemo: z.string().trim().max(128).optional(),
    claimedPublicRate: ClaimedPublicRateSchema.partial().optional(),
    claimedNetworkFee: MoneySchema.optional(),
    userEmail: EmailSchema.optional(),
    legacyOrderId: z.string().max(64).optional(),
    referrerId: z.string().max(64).optional(),
    claimedDepositAmount: MoneySchema,
    utmData: UtmRecordSchema.optional(),
    browserFingerprint: z.string().max(128).optional(),
  })
  .meta({ id: 'CreateOrderRequest' });
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const apiRoutes = {
  // ── Orders and pairs ────────────────────────────────────────────────
  ordersPublicLatest: route({
    method: 'GET', path: '/api/v1/orders/public/latest', tag: 'orders', summary: 'Latest completed exchanges',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, response: z.array(LatestOrderSchema),
  }),
  orderPublicInfo: route({
    method: 'GET', path: '/api/v1/orders/public-info', tag: 'orders', summary: 'An order, looked up by id and destination address',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, query: OrderLookupQuery, response: OrderSchema,
  }),
  orderRefundInfo: route({
    method: 'GET', path: '/api/v1/orders/order-refund-info', tag: 'orders', summary: 'Refund amount and network fee of a fixed-rate order',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, query: z.object({ orderId: z.string().min(1).max(64) }), response: RefundInfoSchema,
  }),
  orderCreate: route({
    method: 'POST', path: '/api/v1/orders/public/create', tag: 'orders', summary: 'Create an exchange order (send an Idempotency-Key header to make retries safe)',
    auth: 'optional', timeoutMs: TIMEOUTS_MS.createOrder, body: CreateOrderBodySchema, response: OrderSchema,
  }),
  orderSetEmail: route({
    method: 'POST', path: '/api/v1/orders/public/set-email', tag: 'orders', summary: 'Attach an email to an order',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, body: z.object({ orderId: z.string().min(1), userEmail: EmailSchema }), response: Ok,
  }),
  orderRequestRefund: route({
    method: 'POST', path: '/api/v1/orders/public/request-refund', tag: 'orders', summary: 'Request a refund of a fixed-rate order with a problem',
    auth: 'none', timeoutMs: TIMEOUTS_MS.refund,
    body: z.object({ orderId: z.string().min(1), destinationAddress: z.string().min(1), refundAddress: z.string().min(1), refundAmount: MoneySchema, claimedNetworkFee: MoneySchema }),
    response: OrderSchema,
  }),
  orderAcceptRateModeChange: route({
    method: 'POST', path: '/api/v1/orders/public/accept-rate-mode-change', tag: 'orders', summary: 'Accept the new floating rate',
    auth: 'none', timeoutMs: TIMEOUTS_MS.acceptRate, body: z.object({ orderId: z.string().min(1), destinationAddress: z.string().min(1) }), response: OrderSchema,
  }),
  validateAddress: route({
    method: 'POST', path: '/api/v1/instruments/public/validate-address', tag: 'instruments', summary: 'Validate an address for a currency and network',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    body: z.object({ currencyTitle: z.string().min(1), networkTitle: z.string().min(1), address: z.string().max(256) }), response: z.boolean(),
  }),
  recommendedAmount: route({
    method: 'GET', path: '/api/v1/rates/public/recommended-amount', tag: 'rates', summary: 'Recommended amount for a pair',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    query: z.object({ fromCurrency: z.string(), fromNetwork: z.string(), toCurrency: z.string(), toNetwork: z.string(), rateMode: RateModeSchema }),
    response: z.object({ recommendedAmount: MoneySchema }),
  }),
  pairsDefault: route({
    method: 'GET', path: '/api/v1/pairs/default', tag: 'pairs', summary: 'The default pair of the exchange form',
    auth: 'none', timeoutMs: TIMEOUTS_MS.pairsDefault, response: DefaultPairSchema,
  }),
  rateOne: route({
    method: 'GET', path: '/api/v2/rates/public/one', tag: 'rates', summary: 'Full pair data for a pair and amount',
    auth: 'none', timeoutMs: TIMEOUTS_MS.rateOne, query: ExchangeRequestSchema, response: PairDataSchema,
  }),
  instrumentsV2: route({
    method: 'GET', path: '/api/v2/instruments/public', tag: 'instruments', summary: 'Instruments of one provider, or all with all=true',
    auth: 'none', timeoutMs: TIMEOUTS_MS.instruments,
    query: z.object({ providers: InstrumentProviderSchema.optional(), all: z.enum(['true', 'false']).optional() }),
    response: z.array(InstrumentSchema),
  }),
  pairsPublic: route({
    method: 'GET', path: '/api/v2/pairs/public', tag: 'pairs', summary: 'Every tradable pair',
    auth: 'none', timeoutMs: TIMEOUTS_MS.pairsPublic, response: z.array(PublicPairSchema),
  }),
  popularExchanges: route({
    method: 'GET', path: '/api/v1/pairs/popular', tag: 'pairs', summary: 'Popular exchanges',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, response: z.array(PopularExchangeSchema),
  }),
  statsPublic: route({
    method: 'GET', path: '/api/v1/stats/public', tag: 'stats', summary: 'Public statistics',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, query: z.object({ period: z.enum(['day', 'week', 'all']).optional() }), response: PublicStatsSchema,
  }),

  // ── Health ─────────────────────────────────────────────────────────
  health: route({
    method: 'GET', path: '/api/v1/health', tag: 'health', summary: 'Service health and which adapters are sandboxes',
    auth: 'none', timeoutMs: TIMEOUTS_MS.health, response: HealthSchema,
  }),
  healthz: route({
    method: 'GET', path: '/api/v1/healthz', tag: 'health', summary: 'Liveness',
    auth: 'none', timeoutMs: TIMEOUTS_MS.healthz, response: z.object({ status: z.literal('ok') }),
  }),
  instrumentsV1: route({
    method: 'GET', path: '/api/v1/instruments/public', tag: 'instruments', summary: 'Active instruments (v1, used as a health probe)',
    auth: 'none', timeoutMs: TIMEOUTS_MS.instrumentsV1, response: z.array(InstrumentSchema),
  }),

  // ── Account ────────────────────────────────────────────────────────
  accountData: route({
    method: 'GET', path: '/api/v1/users/account-data', tag: 'account', summary: 'The signed-in user',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: AccountDataSchema,
  }),
  register: route({
    method: 'POST', path: '/api/v1/users/local/create', tag: 'account', summary: 'Register with email and password',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    body: z.object({ email: EmailSchema, password: z.string().min(1).max(256), browserFingerprint: z.string().max(128), referrerAffiliateId: z.string().max(64).optional() }),
    response: Ok,
  }),
  login: route({
    method: 'POST', path: '/api/v1/users/local/authenticate', tag: 'account', summary: 'Sign in; sets the session cookies',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    body: z.object({ email: z.string().max(254), password: z.string().max(256), browserFingerprint: z.string().max(128) }), response: Ok,
  }),
  logout: route({
    method: 'POST', path: '/api/v1/users/authentication/logout', tag: 'account', summary: 'Sign out; revokes the refresh token',
    auth: 'optional', timeoutMs: TIMEOUTS_MS.default, response: Ok,
  }),
  refresh: route({
    method: 'POST', path: '/api/v1/users/authentication/refresh', tag: 'account', summary: 'Rotate the session tokens',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, body: z.object({ browserFingerprint: z.string().max(128) }), response: Ok,
  }),
  requestPasswordReset: route({
    method: 'POST', path: '/api/v1/users/local/request-password-reset', tag: 'account', summary: 'Mail a password reset code',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, body: z.object({ email: z.string().max(254) }), response: Ok,
  }),
  resetPassword: route({
    method: 'POST', path: '/api/v1/users/local/reset-password', tag: 'account', summary: 'Set a new password with the mailed code',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    body: z.object({ email: z.string().max(254), password: z.string().min(1).max(256), resetCode: z.string().min(1).max(64) }), response: Ok,
  }),
  orderHistory: route({
    method: 'GET', path: '/api/v1/users/orders', tag: 'account', summary: "The signed-in user's orders, newest first",
    auth: 'user', timeoutMs: TIMEOUTS_MS.default,
    query: z.object({ page: z.coerce.number().int().min(1).default(1), perPage: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.object({ items: z.array(OrderSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
  }),

  // ── Affiliate, cashback, wallet ────────────────────────────────────
  affiliateReferrerId: route({
    method: 'GET', path: '/api/v1/affiliates/referrer-id', tag: 'affiliate', summary: "The user's referral id",
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.object({ referrerId: z.string() }),
  }),
  affiliateBalances: route({
    method: 'GET', path: '/api/v1/affiliates/balances', tag: 'affiliate', summary: 'Balances',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.array(BalanceSchema),
  }),
  affiliateAccruals: route({
    method: 'GET', path: '/api/v1/affiliates/accruals', tag: 'affiliate', summary: 'Accruals history',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.array(LedgerEntrySchema),
  }),
  affiliateCashbacks: route({
    method: 'GET', path: '/api/v1/affiliates/cashbacks', tag: 'affiliate', summary: 'Cashbacks',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.array(LedgerEntrySchema),
  }),
  affiliateWithdrawals: route({
    method: 'GET', path: '/api/v1/affiliates/withdrawals', tag: 'affiliate', summary: 'Withdrawals history',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.array(WithdrawalRecordSchema),
  }),
  affiliateWithdraw: route({
    method: 'POST', path: '/api/v1/affiliates/withdrawals', tag: 'affiliate', summary: 'Withdraw earnings in USDT',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, body: WithdrawalPayloadSchema, response: WithdrawalRecordSchema,
  }),

  // ── API keys ───────────────────────────────────────────────────────
  generateApiKey: route({
    method: 'POST', path: '/api/v1/users/generate-api-key', tag: 'keys', summary: 'Create an API key (the secret is shown once)',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, body: z.object({ name: z.string().min(1).max(64) }).optional(),
    response: ApiKeySchema.extend({ secret: z.string() }),
  }),
  listApiKeys: route({
    method: 'GET', path: '/api/v1/users/list-api-key', tag: 'keys', summary: 'API keys',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: z.array(ApiKeySchema),
  }),
  updateApiKey: route({
    method: 'POST', path: '/api/v1/users/update-api-key', tag: 'keys', summary: 'Update an API key',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, body: ApiKeySchema, response: ApiKeySchema,
  }),
  deleteApiKey: route({
    method: 'POST', path: '/api/v1/users/delete-api-key', tag: 'keys', summary: 'Delete an API key',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, body: z.object({ apiId: z.string().min(1) }), response: Ok,
  }),

  // ── KYC ────────────────────────────────────────────────────────────
  kycSubmit: route({
    method: 'POST', path: '/api/v1/users/kyc/submit', tag: 'kyc', summary: 'Submit identity verification data',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, body: VerificationDataSchema, response: VerificationStatusBodySchema,
  }),
  kycStatus: route({
    method: 'GET', path: '/api/v1/users/kyc/status', tag: 'kyc', summary: 'Identity verification status',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, response: VerificationStatusBodySchema,
  }),

  // ── Card provider ──────────────────────────────────────────────────
  providerSignUp: route({
    method: 'POST', path: '/api/v1/liquidity-providers/:provider/user/sign-up', tag: 'card', summary: 'Register with the card provider',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, params: ProviderParams, query: ProviderQuery,
    body: z.object({ accept: z.boolean(), email: EmailSchema }), response: Ok,
  }),
  providerSignIn: route({
    method: 'POST', path: '/api/v1/liquidity-providers/:provider/user/sign-in', tag: 'card', summary: 'Sign in with the card provider',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, params: ProviderParams, query: ProviderQuery,
    body: z.object({ email: EmailSchema }), response: z.object({ token: z.string() }),
  }),
  providerContacts: route({
    method: 'GET', path: '/api/v1/liquidity-providers/:provider/user/contacts', tag: 'card', summary: 'Contact confirmation state',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, params: ProviderParams, query: ProviderQuery,
    response: z.object({ emailStatus: z.enum(['CONFIRMED', 'UNCONFIRMED']) }),
  }),
  providerKycStatus: route({
    method: 'GET', path: '/api/v1/liquidity-providers/:provider/user/kyc-status', tag: 'card', summary: 'KYC features and their status',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, params: ProviderParams, query: ProviderQuery,
    response: z.object({ features: z.array(z.object({ feature: z.string(), status: z.string() })) }),
  }),
  providerKycAccessToken: route({
    method: 'GET', path: '/api/v1/liquidity-providers/:provider/kyc/access-token', tag: 'card', summary: 'KYC access token',
    auth: 'user', timeoutMs: TIMEOUTS_MS.default, params: ProviderParams, query: ProviderQuery,
    response: z.object({ kycAccessToken: z.string(), applicantId: z.string() }),
  }),

  // ── Other ──────────────────────────────────────────────────────────
  seo: route({
    method: 'POST', path: '/dict/seo', tag: 'content', summary: 'SEO texts of a page, keyed by locale',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default,
    body: z.object({ config_id: z.string(), params: z.object({ page: z.string() }) }),
    response: z.object({ data: z.record(z.string(), z.object({ title: z.string(), description: z.string() })) }),
  }),
  redirectLookup: route({
    method: 'GET', path: '/api/v1/redirects/lookup', tag: 'content', summary: 'Redirect for a path, if any',
    auth: 'none', timeoutMs: TIMEOUTS_MS.default, query: z.object({ path: z.string().max(2048) }),
    response: z.object({ redirect: z.object({ to: z.string(), external: z.boolean() }).nullable() }),
  }),
} as const;

export type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;

type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteQuery<N extends RouteName> = InOf<ApiRoutes[N]['query']>;
export type RouteBody<N extends RouteName> = InOf<ApiRoutes[N]['body']>;
export type RouteParams<N extends RouteName> = InOf<ApiRoutes[N]['params']>;
export type RouteResponse<N extends RouteName> = z.infer<ApiRoutes[N]['response']>;

/** Routes whose path and method must exist on the server for the WebSocket. */
export const WS_PATH = '/api/v2/ws';
