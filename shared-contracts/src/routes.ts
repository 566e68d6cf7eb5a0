// The API route table with its zod schemas: routeTable.ts (method, path, auth, timeout) plus the request
// and response schema of each call. The api registers its handlers from it, the client is typed by it and
// the OpenAPI document is generated from it.
import { z } from 'zod';
import { BLOG_PER_PAGE, LEGAL_DOCUMENTS, SUPPORTED_LOCALES } from './constants';
import { routeTable, type RouteMeta, type RouteName, type RouteTable } from './routeTable';
import {
  RateModeSchema,
  InstrumentProviderSchema,
  AccountDataSchema,
  AffiliateProgramSchema,
  ApiKeyRecordSchema,
  ApiKeySchema,
  BalanceSchema,
  ClaimedPublicRateSchema,
  DefaultPairSchema,
  EmailSchema,
  ExchangeRequestSchema,
  HealthSchema,
  InstrumentRefSchema,
  InstrumentSchema,
  IsoDateTimeSchema,
  KycAdminListItemSchema,
  KycAdminVerificationSchema,
  KycDocumentKindSchema,
  LatestOrderSchema,
  LedgerEntrySchema,
  MoneySchema,
  OrderSchema,
  PairDataSchema,
  PopularExchangeSchema,
  PublicPairSchema,
  PublicStatsSchema,
  RefundInfoSchema,
  SeoTextsSchema,
  UtmRecordSchema,
  KycSubmitFieldsSchema,
  VerificationStatusBodySchema,
  VerificationStatusSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WithdrawalPayloadSchema,
  WithdrawalRecordSchema,
  SlugSchema,
} from './schemas';
import {
  AnalyticsBatchSchema,
  BlogEntrySchema,
  BlogListSchema,
  BlogSidebarSchema,
  ContentLocaleSchema,
  DocsNavSchema,
  DocsPageSchema,
  FaqSchema,
  LegalDocumentSchema,
  IncidentCreateBodySchema,
  IncidentSchema,
  IncidentUpdateBodySchema,
  RoadmapSchema,
  StatusPageSchema,
  SupportOrderLookupBodySchema,
  SupportRequestAnswerSchema,
  SupportRequestBodySchema,
} from './contentSchemas';

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

function route<
  N extends RouteName,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(name: N, schemas: { query?: Q; body?: B; params?: P; response: R }): RouteTable[N] & RouteDef<Q, B, P, R> {
  return { ...routeTable[name], ...schemas } as RouteTable[N] & RouteDef<Q, B, P, R>;
}

const Ok = z.object({ ok: z.literal(true) });
/** Issue 24: a 6-digit authenticator code or a one-time recovery code (`xxxxx-xxxxx`). */
const TwoFactorCodeSchema = z.string().trim().min(6).max(32);
/** Language of the mails an account call sends (the site locale; else Accept-Language decides). */
const MailLocaleSchema = z.enum(['en', 'ru']);
const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,32}$/) });
const ProviderQuery = z.object({ locale: z.string().optional() }).optional();
const KycVerificationParams = z.object({ verificationId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const OrderLookupQuery = z.object({ orderId: z.string().min(1).max(64), destinationAddress: z.string().min(1).max(256) });

/** A stored redirect (§2 redirect lookup): `path` normalised, `to` a site path or an absolute http(s) URL. */
const RedirectRecordSchema = z
  .object({
    path: z.string(),
    to: z.string(),
    external: z.boolean(),
    status: z.literal(301),
    createdAt: z.string(),
    /** The admin account that added it; null when added with `pnpm admin redirect add`. */
    createdBy: z.number().int().nullable(),
  })
  .meta({ id: 'Redirect' });

/** Issue 23: the create body's amount side, rounding and Idempotency-Key rule, in the OpenAPI document. */
const CREATE_ORDER_DESCRIPTION = [
  'claimedDepositAmount is the amount to send, or, with claimedDepositAmountCurrency set to instrumentTo.slug, the amount to receive',
  '(the deposit is then solved for it as GET /api/v2/rates/public/one does).',
  "Amounts are written to the unit of their coin (the instrument's precisionDecimals, at most 8): the deposit asked for is",
  "rounded up, the amount promised (amountToGet, claimedAmountToReceive) rounded down, never to the customer's loss.",
  'A retry with the same Idempotency-Key and the same order (pair, rate mode, amount and its side, addresses and memos,',
  'email, referrer) answers the order the key created, even if the quote fields changed; another order with that key is 422.',
].join(' ');

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
    /**
     * §3 Exchange request: the slug of the currency claimedDepositAmount is in. instrumentTo's slug: it is the amount
     * to receive, and the deposit is solved for it as the rate endpoint does; absent or instrumentFrom's: the amount to send.
     */
    claimedDepositAmountCurrency: SlugSchema.optional(),
    utmData: UtmRecordSchema.optional(),
    browserFingerprint: z.string().max(128).optional(),
  })
  .meta({ id: 'CreateOrderRequest', description: CREATE_ORDER_DESCRIPTION });
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

const photo = (description: string) => z.string().meta({ format: 'binary', description });
/** kyc/submit as multipart/form-data (route bodyType 'multipart'): the text fields and the photos (documents the form; the api parses it itself). */
const KycSubmitFormSchema = KycSubmitFieldsSchema.extend({
  facePhoto: photo('A photo of the face (JPEG, PNG or WebP)'),
  frontPhoto: photo('The front of the document'),
  backendPhoto: photo('The back of the document; not for a passport').optional(),
}).meta({ id: 'KycSubmitForm' });

/** A partner's order: the key names the partner (commission goes to its owner), so no referrer, fingerprint or UTM. */
export const PartnerCreateOrderBodySchema = CreateOrderBodySchema.omit({ referrerId: true, browserFingerprint: true, utmData: true, legacyOrderId: true }).meta(
  {
    id: 'PartnerCreateOrderRequest',
    description: CREATE_ORDER_DESCRIPTION,
  },
);
export type PartnerCreateOrderBody = z.infer<typeof PartnerCreateOrderBodySchema>;

const PageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), perPage: z.coerce.number().int().min(1).max(100).default(20) });

export const apiRoutes = {
  // ── Orders and pairs ────────────────────────────────────────────────
  ordersPublicLatest: route('ordersPublicLatest', { response: z.array(LatestOrderSchema) }),
  orderPublicInfo: route('orderPublicInfo', { query: OrderLookupQuery, response: OrderSchema }),
  // Issue 24: every customer action names the order by id and destination address (the pair is the credential).
  orderRefundInfo: route('orderRefundInfo', { query: OrderLookupQuery, response: RefundInfoSchema }),
  orderCreate: route('orderCreate', { body: CreateOrderBodySchema, response: OrderSchema }),
  orderSetEmail: route('orderSetEmail', {
    // `locale`: the language of the mail with the order's link (issue 23); English without it.
    body: z.object({
      orderId: z.string().min(1),
      destinationAddress: z.string().min(1).max(256),
      userEmail: EmailSchema,
      locale: z.enum(['en', 'ru']).optional(),
    }),
    response: Ok,
  }),
  orderRequestRefund: route('orderRequestRefund', {
    body: z.object({
      orderId: z.string().min(1),
      destinationAddress: z.string().min(1),
      refundAddress: z.string().trim().min(1).max(256),
      refundAddressMemo: z.string().trim().max(128).optional(),
      refundAmount: MoneySchema,
      claimedNetworkFee: MoneySchema,
    }),
    response: OrderSchema,
  }),
  orderAcceptRateModeChange: route('orderAcceptRateModeChange', {
    body: z.object({
      orderId: z.string().min(1),
      destinationAddress: z.string().min(1),
      /** The offer accepted (orderDetails.offeredRate.amountToGet): paid exactly, or refused once renewed or expired (issue 23). */
      offeredAmountToGet: MoneySchema.optional(),
    }),
    response: OrderSchema,
  }),
  validateAddress: route('validateAddress', {
    body: z.object({ currencyTitle: z.string().min(1), networkTitle: z.string().min(1), address: z.string().max(256) }),
    response: z.boolean(),
  }),
  recommendedAmount: route('recommendedAmount', {
    query: z.object({ fromCurrency: z.string(), fromNetwork: z.string(), toCurrency: z.string(), toNetwork: z.string(), rateMode: RateModeSchema }),
    response: z.object({ recommendedAmount: MoneySchema }),
  }),
  pairsDefault: route('pairsDefault', { response: DefaultPairSchema }),
  rateOne: route('rateOne', { query: ExchangeRequestSchema, response: PairDataSchema }),
  instrumentsV2: route('instrumentsV2', {
    query: z.object({ providers: InstrumentProviderSchema.optional(), all: z.enum(['true', 'false']).optional() }),
    response: z.array(InstrumentSchema),
  }),
  pairsPublic: route('pairsPublic', { response: z.array(PublicPairSchema) }),
  popularExchanges: route('popularExchanges', { response: z.array(PopularExchangeSchema) }),
  statsPublic: route('statsPublic', { query: z.object({ period: z.enum(['day', 'week', 'all']).optional() }), response: PublicStatsSchema }),

  // ── Health ─────────────────────────────────────────────────────────
  health: route('health', { response: HealthSchema }),
  healthz: route('healthz', { response: z.object({ status: z.literal('ok') }) }),
  instrumentsV1: route('instrumentsV1', { response: z.array(InstrumentSchema) }),

  // ── Account ────────────────────────────────────────────────────────
  accountData: route('accountData', { response: AccountDataSchema }),
  register: route('register', {
    body: z.object({
      email: EmailSchema,
      password: z.string().min(1).max(256),
      browserFingerprint: z.string().max(128),
      referrerAffiliateId: z.string().max(64).optional(),
      locale: MailLocaleSchema.optional(),
    }),
    response: Ok,
  }),
  login: route('login', {
    body: z.object({
      email: z.string().max(254),
      password: z.string().max(256),
      browserFingerprint: z.string().max(128),
      // Issue 24: an authenticator code or a recovery code, needed once the account has two-factor authentication.
      twoFactorCode: TwoFactorCodeSchema.optional(),
    }),
    response: Ok,
  }),
  logout: route('logout', { response: Ok }),
  refresh: route('refresh', { body: z.object({ browserFingerprint: z.string().max(128) }), response: Ok }),
  requestPasswordReset: route('requestPasswordReset', { body: z.object({ email: z.string().max(254), locale: MailLocaleSchema.optional() }), response: Ok }),
  resetPassword: route('resetPassword', {
    body: z.object({ email: z.string().max(254), password: z.string().min(1).max(256), resetCode: z.string().min(1).max(64) }),
    response: Ok,
  }),
  orderHistory: route('orderHistory', {
    query: PageQuery,
    response: z.object({
      // `cashback`: what the order earned the account (USDT), null when it earned nothing (yet).
      items: z.array(OrderSchema.extend({ cashback: MoneySchema.nullable().optional() })),
      total: z.number().int(),
      page: z.number().int(),
      perPage: z.number().int(),
    }),
  }),
  requestEmailConfirmation: route('requestEmailConfirmation', { body: z.object({ email: EmailSchema, locale: MailLocaleSchema.optional() }), response: Ok }),
  confirmEmail: route('confirmEmail', { body: z.object({ email: z.string().max(254), code: z.string().min(1).max(64) }), response: Ok }),
  // Issue 24: step-up and two-factor authentication.
  stepUp: route('stepUp', {
    body: z.object({ password: z.string().min(1).max(256), twoFactorCode: TwoFactorCodeSchema.optional() }),
    response: z.object({ stepUpUntil: IsoDateTimeSchema }),
  }),
  // The body is an empty object (no fields); `otpauthUri` is what the QR code carries.
  twoFactorSetup: route('twoFactorSetup', {
    body: z.record(z.string(), z.never()),
    response: z.object({ secret: z.string(), otpauthUri: z.string() }),
  }),
  twoFactorEnable: route('twoFactorEnable', { body: z.object({ code: TwoFactorCodeSchema }), response: z.object({ recoveryCodes: z.array(z.string()) }) }),
  twoFactorDisable: route('twoFactorDisable', { body: z.object({ code: TwoFactorCodeSchema }), response: z.object({}) }),

  // ── Affiliate, cashback, wallet ────────────────────────────────────
  affiliateReferrerId: route('affiliateReferrerId', { response: z.object({ referrerId: z.string() }) }),
  affiliateProgram: route('affiliateProgram', { response: AffiliateProgramSchema }),
  affiliateBalances: route('affiliateBalances', { response: z.array(BalanceSchema) }),
  affiliateAccruals: route('affiliateAccruals', { response: z.array(LedgerEntrySchema) }),
  affiliateCashbacks: route('affiliateCashbacks', { response: z.array(LedgerEntrySchema) }),
  affiliateWithdrawals: route('affiliateWithdrawals', { response: z.array(WithdrawalRecordSchema) }),
  affiliateWithdraw: route('affiliateWithdraw', { body: WithdrawalPayloadSchema, response: WithdrawalRecordSchema }),

  // ── API keys ───────────────────────────────────────────────────────
  generateApiKey: route('generateApiKey', {
    body: z.object({ name: z.string().trim().min(1).max(64) }).optional(),
    // Both shown once: `secret` is the x-api-key header, `signingSecret` keys the request signatures (issue 24).
    response: ApiKeyRecordSchema.extend({ secret: z.string(), signingSecret: z.string() }),
  }),
  listApiKeys: route('listApiKeys', { response: z.array(ApiKeyRecordSchema) }),
  updateApiKey: route('updateApiKey', { body: ApiKeySchema, response: ApiKeyRecordSchema }),
  deleteApiKey: route('deleteApiKey', { body: z.object({ apiId: z.string().min(1).max(64) }), response: Ok }),
  /** `id`: the key's apiId. */
  resumeApiKey: route('resumeApiKey', { body: z.object({ id: z.string().min(1).max(64) }), response: Ok }),

  // ── KYC ────────────────────────────────────────────────────────────
  kycSubmit: route('kycSubmit', { body: KycSubmitFormSchema, response: VerificationStatusBodySchema }),
  kycStatus: route('kycStatus', { response: VerificationStatusBodySchema }),

  // ── Card provider ──────────────────────────────────────────────────
  providerSignUp: route('providerSignUp', {
    params: ProviderParams,
    query: ProviderQuery,
    body: z.object({ accept: z.boolean(), email: EmailSchema }),
    response: Ok,
  }),
  providerSignIn: route('providerSignIn', {
    params: ProviderParams,
    query: ProviderQuery,
    body: z.object({ email: EmailSchema }),
    response: z.object({ token: z.string() }),
  }),
  providerContacts: route('providerContacts', {
    params: ProviderParams,
    query: ProviderQuery,
    response: z.object({ emailStatus: z.enum(['CONFIRMED', 'UNCONFIRMED']) }),
  }),
  providerKycStatus: route('providerKycStatus', {
    params: ProviderParams,
    query: ProviderQuery,
    response: z.object({ features: z.array(z.object({ feature: z.string(), status: z.string() })) }),
  }),
  providerKycAccessToken: route('providerKycAccessToken', {
    params: ProviderParams,
    query: ProviderQuery,
    // kycUrl (not in §7): the provider's KYC page for this token, which the KYC redirect modal (§2) opens.
    response: z.object({ kycAccessToken: z.string(), applicantId: z.string(), kycUrl: z.string() }),
  }),

  // ── Partner API ────────────────────────────────────────────────────
  partnerInstruments: route('partnerInstruments', { response: z.array(InstrumentSchema) }),
  partnerPairs: route('partnerPairs', { response: z.array(PublicPairSchema) }),
  partnerRate: route('partnerRate', { query: ExchangeRequestSchema, response: PairDataSchema }),
  partnerOrderCreate: route('partnerOrderCreate', { body: PartnerCreateOrderBodySchema, response: OrderSchema }),
  partnerOrders: route('partnerOrders', {
    query: PageQuery,
    response: z.object({ items: z.array(OrderSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
  }),
  partnerOrder: route('partnerOrder', { params: z.object({ orderId: z.string().min(1).max(64) }), response: OrderSchema }),
  partnerWebhooks: route('partnerWebhooks', { response: z.array(WebhookSchema) }),
  partnerWebhookCreate: route('partnerWebhookCreate', {
    body: z.object({ url: z.string().trim().url().max(2048) }),
    response: WebhookSchema.extend({ secret: z.string() }),
  }),
  partnerWebhookDelete: route('partnerWebhookDelete', { body: z.object({ id: z.string().min(1).max(64) }), response: Ok }),
  partnerWebhookDeliveries: route('partnerWebhookDeliveries', {
    query: z.object({ webhookId: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.array(WebhookDeliverySchema),
  }),

  // ── Other ──────────────────────────────────────────────────────────
  seo: route('seo', {
    body: z.object({ config_id: z.string(), params: z.object({ page: z.string() }) }),
    // SeoTexts in ./seo.ts; every locale of §9 in the answer
    response: z.object({ data: z.record(z.enum(SUPPORTED_LOCALES), SeoTextsSchema) }),
  }),
  redirectLookup: route('redirectLookup', {
    query: z.object({ path: z.string().max(2048) }),
    response: z.object({ redirect: z.object({ to: z.string(), external: z.boolean() }).nullable() }),
  }),

  // ── Content service, support, status, analytics ───────────────────
  blogPosts: route('blogPosts', {
    query: z.object({
      locale: ContentLocaleSchema.default('en'),
      category: z.string().max(200).optional(),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      per_page: z.coerce.number().int().min(1).max(50).default(BLOG_PER_PAGE),
    }),
    response: BlogListSchema,
  }),
  blogEntry: route('blogEntry', {
    query: z.object({ locale: ContentLocaleSchema.default('en'), slug: z.string().min(1).max(300) }),
    response: BlogEntrySchema,
  }),
  blogSidebar: route('blogSidebar', { query: z.object({ locale: ContentLocaleSchema.default('en') }), response: BlogSidebarSchema }),
  docsNav: route('docsNav', { query: z.object({ locale: ContentLocaleSchema.default('en') }), response: DocsNavSchema }),
  docsPage: route('docsPage', {
    query: z.object({ locale: ContentLocaleSchema.default('en'), slug: z.string().min(1).max(300) }),
    response: DocsPageSchema,
  }),
  contentRoadmap: route('contentRoadmap', { query: z.object({ locale: ContentLocaleSchema.default('en') }), response: RoadmapSchema }),
  contentFaq: route('contentFaq', { query: z.object({ locale: ContentLocaleSchema.default('en') }), response: FaqSchema }),
  contentLegal: route('contentLegal', {
    query: z.object({ locale: ContentLocaleSchema.default('en'), slug: z.enum(LEGAL_DOCUMENTS) }),
    response: LegalDocumentSchema,
  }),
  contentImage: route('contentImage', {
    params: z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp)$/) }),
    response: z.unknown().meta({ description: 'the image (image/svg+xml, image/png, image/jpeg or image/webp)' }),
  }),
  openApiDocument: route('openApiDocument', { response: z.record(z.string(), z.unknown()).meta({ description: 'an OpenAPI 3.1 document' }) }),
  supportRequestCreate: route('supportRequestCreate', { body: SupportRequestBodySchema, response: SupportRequestAnswerSchema }),
  supportOrderLookup: route('supportOrderLookup', { body: SupportOrderLookupBodySchema, response: Ok }),
  statusPage: route('statusPage', { response: StatusPageSchema }),
  analyticsCollect: route('analyticsCollect', { body: AnalyticsBatchSchema, response: z.object({ accepted: z.number().int() }) }),
  adminIncidentCreate: route('adminIncidentCreate', { body: IncidentCreateBodySchema, response: IncidentSchema }),
  adminIncidentUpdate: route('adminIncidentUpdate', { body: IncidentUpdateBodySchema, response: IncidentSchema }),

  // ── Administration ─────────────────────────────────────────────────
  adminRedirectsList: route('adminRedirectsList', { response: z.array(RedirectRecordSchema) }),
  adminRedirectAdd: route('adminRedirectAdd', {
    body: z.object({ path: z.string().min(1).max(2048), to: z.string().min(1).max(2048) }),
    response: RedirectRecordSchema,
  }),
  adminRedirectDelete: route('adminRedirectDelete', { body: z.object({ path: z.string().min(1).max(2048) }), response: Ok }),
  adminKycList: route('adminKycList', {
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      perPage: z.coerce.number().int().min(1).max(100).default(20),
      status: VerificationStatusSchema.optional(),
    }),
    response: z.object({ items: z.array(KycAdminListItemSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
  }),
  adminKycGet: route('adminKycGet', { params: KycVerificationParams, response: KycAdminVerificationSchema }),
  adminKycTake: route('adminKycTake', { body: KycVerificationParams, response: KycAdminVerificationSchema }),
  adminKycDocument: route('adminKycDocument', {
    params: KycVerificationParams.extend({ kind: KycDocumentKindSchema }),
    // The JPEG itself (image/jpeg), not JSON.
    response: z.unknown().meta({ description: 'image/jpeg' }),
  }),
  adminKycDecide: route('adminKycDecide', {
    body: z
      .object({
        verificationId: z.string().min(1).max(64),
        decision: z.enum(['PASS', 'REJECT']),
        rejectReason: z.string().trim().min(1).max(500).optional(),
      })
      .refine((b) => b.decision === 'PASS' || b.rejectReason !== undefined, { message: 'required to reject', path: ['rejectReason'] }),
    response: VerificationStatusBodySchema,
  }),
} as const;

export type { HttpMethod, RouteAuth, RouteMeta, RouteName } from './routeTable';
export type ApiRoutes = typeof apiRoutes;

type InOf<S> = S extends z.ZodType ? z.input<S> : undefined;
export type RouteQuery<N extends RouteName> = InOf<ApiRoutes[N]['query']>;
export type RouteBody<N extends RouteName> = InOf<ApiRoutes[N]['body']>;
export type RouteParams<N extends RouteName> = InOf<ApiRoutes[N]['params']>;
export type RouteResponse<N extends RouteName> = z.infer<ApiRoutes[N]['response']>;

/** Routes whose path and method must exist on the server for the WebSocket. */
export const WS_PATH = '/api/v2/ws';
