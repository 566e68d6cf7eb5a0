// Entities of spec §3 as zod schemas; types are inferred from them.
import { z } from 'zod';
import {
  CKM_MODES,
  EXCHANGE_TYPES,
  HEALTH_STATUSES,
  IDENTITY_TYPES,
  INSTRUMENT_PROVIDERS,
  ORDER_EVENT_KINDS,
  RATE_MODES,
  VERIFICATION_STATUSES,
} from './domain';
import { ERROR_CODES } from './errors';

export const RateModeSchema = z.enum(RATE_MODES);
export const ExchangeTypeSchema = z.enum(EXCHANGE_TYPES);
export const OrderEventKindSchema = z.enum(ORDER_EVENT_KINDS);
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export const IdentityTypeSchema = z.enum(IDENTITY_TYPES);
export const HealthStatusSchema = z.enum(HEALTH_STATUSES);
export const CkmSchema = z.enum(CKM_MODES);
export const InstrumentProviderSchema = z.enum(INSTRUMENT_PROVIDERS);
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ApiErrorBodySchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ApiError' });
import { DEFAULT_VERIFICATION_EXPIRY } from './constants';

/** Money travels as a decimal string, never a float (DESIGN.md "The API"). */
export const MoneySchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string')
  .meta({ id: 'Money', description: 'Decimal amount as a string', example: '0.015' });
export type Money = z.infer<typeof MoneySchema>;

export const IsoDateTimeSchema = z.string().meta({ description: 'ISO 8601 date-time' });

export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]{1,32}$/, 'instrument slugs are lower-case letters and digits')
  .meta({ id: 'InstrumentSlug', example: 'btc' });

/** §3 Locale */
export const LocaleSchema = z.object({
  code: z.enum(['en', 'ru']),
  slug: z.string(),
  language: z.enum(['en', 'ru-RU']),
  name: z.string(),
  ogp: z.enum(['en_US', 'ru_RU']),
  iso3166: z.enum(['us', 'ru']),
});
export type Locale = z.infer<typeof LocaleSchema>;

/**
 * A block-explorer link template (issue 10): an https URL in which `{placeholder}` stands for the transaction hash
 * or the address, put in URI-encoded (`explorerLink` in mfe-order). Contract 1.3.
 */
const explorerTemplate = (placeholder: '{hash}' | '{address}') =>
  z
    .string()
    .max(256)
    .refine((v) => v.startsWith('https://') && v.includes(placeholder) && !/\s/.test(v), `an https URL template with ${placeholder}`)
    .meta({
      description: `Block-explorer URL template: ${placeholder} is replaced by the URI-encoded value`,
      example: placeholder === '{hash}' ? 'https://mempool.space/tx/{hash}' : 'https://mempool.space/address/{address}',
    });

/** §3 Instrument */
export const InstrumentSchema = z
  .object({
    currencyTitle: z.string(),
    networkTitle: z.string(),
    slug: SlugSchema,
    bestChangeName: z.string(),
    currencyFriendlyTitle: z.string(),
    currencyLogoLink: z.string(),
    instrumentType: z.enum(['fiat', 'crypto']),
    requiresMemo: z.boolean(),
    precisionDecimals: z.number().int().min(0).max(18),
    provider: InstrumentProviderSchema,
    isActive: z.boolean(),
    /** The network's block explorer for a transaction (`{hash}`); absent: the hash is shown as plain text. Contract 1.3. */
    explorerTxUrl: explorerTemplate('{hash}').optional(),
    /** The network's block explorer for an address (`{address}`); absent: no link. Contract 1.3. */
    explorerAddressUrl: explorerTemplate('{address}').optional(),
    /**
     * A token on a smart-contract network (ERC-20, BEP-20…): its contract address and on-chain decimals, for a
     * payment URI that names the token (EIP-681 `transfer`); absent: the network's native coin. Contract 1.3.
     */
    token: z.object({ contract: z.string().min(1).max(128), decimals: z.number().int().min(0).max(36) }).optional(),
  })
  .meta({ id: 'Instrument' });
export type Instrument = z.infer<typeof InstrumentSchema>;

export const InstrumentRefSchema = z.object({ currencyTitle: z.string(), networkTitle: z.string(), slug: SlugSchema.optional() }).meta({ id: 'InstrumentRef' });
export type InstrumentRef = z.infer<typeof InstrumentRefSchema>;

export const QuoteSchema = z.object({ quoteValue: MoneySchema });
export const QuotesSchema = z.object({ buyQuote: QuoteSchema, sellQuote: QuoteSchema });

/** §3 Pair data */
export const PairDataSchema = z
  .object({
    instrumentFrom: InstrumentSchema,
    instrumentTo: InstrumentSchema,
    liquidityProviderPublicCode: z.string(),
    amountToGet: MoneySchema,
    amountToGive: MoneySchema,
    rateMode: RateModeSchema,
    price: MoneySchema,
    updatedAt: IsoDateTimeSchema,
    marketLeftPrice: MoneySchema,
    marketRightPrice: MoneySchema,
    marketMinAmount: MoneySchema,
    finalNetworkFeeAmount: MoneySchema,
    platformFee_Absolute: MoneySchema,
    quotes: QuotesSchema,
    claimedDepositAmount: MoneySchema,
    generalMinAmount: MoneySchema,
    generalMaxAmount: MoneySchema,
    depositRules: z.object({ minAmount: MoneySchema, maxAmount: MoneySchema }),
    noKycThreshold: MoneySchema,
    minConfirmationsToWithdraw: z.number().int().min(0),
    ckm: CkmSchema,
    isActive: z.boolean(),
    /** For FIXED: until when the quoted price is held. */
    fixedRateExpiresAt: IsoDateTimeSchema.optional(),
  })
  .meta({ id: 'PairData' });
export type PairData = z.infer<typeof PairDataSchema>;

/** §3 Exchange request: the query of `GET /api/v2/rates/public/one`. */
export const ExchangeRequestSchema = z
  .object({
    instrumentFromSlug: SlugSchema.optional(),
    instrumentToSlug: SlugSchema,
    claimedDepositAmount: MoneySchema.optional(),
    claimedDepositAmountCurrency: SlugSchema.optional(),
    rateMode: RateModeSchema.default('FLOATING'),
    referrerId: z.string().max(64).optional(),
    exchangeType: ExchangeTypeSchema.optional(),
  })
  .meta({ id: 'ExchangeRequest' });
export type ExchangeRequest = z.input<typeof ExchangeRequestSchema>;

export const DefaultPairSchema = z
  .object({ instrumentFrom: InstrumentSchema, instrumentTo: InstrumentSchema, amount: MoneySchema })
  .meta({ id: 'DefaultPair' });
export type DefaultPair = z.infer<typeof DefaultPairSchema>;

export const PublicPairSchema = z.object({ fromSlug: SlugSchema, toSlug: SlugSchema, isActive: z.boolean() }).meta({ id: 'PublicPair' });
export type PublicPair = z.infer<typeof PublicPairSchema>;

/** §3 UTM record */
export const UtmRecordSchema = z
  .object({
    timestamp: z.number(),
    utmParams: z.object({
      source: z.string().optional(),
      medium: z.string().optional(),
      campaign: z.string().optional(),
      term: z.string().optional(),
      content: z.string().optional(),
    }),
    additionalInfo: z.object({
      referrer: z.string().optional(),
      userAgent: z.string().optional(),
      language: z.string().optional(),
      landingPageUrl: z.string().optional(),
      screenWidth: z.number().optional(),
      screenHeight: z.number().optional(),
    }),
    sessionId: z.string(),
  })
  .meta({ id: 'UtmRecord' });
export type UtmRecord = z.infer<typeof UtmRecordSchema>;

export const ClaimedPublicRateSchema = z.object({
  price: MoneySchema,
  finalNetworkFeeAmount: MoneySchema,
  platformFee_Absolute: MoneySchema,
  quotes: QuotesSchema,
  updatedAt: IsoDateTimeSchema,
  claimedAmountToReceive: MoneySchema,
});

export const OrderEventSchema = z.object({
  kind: OrderEventKindSchema,
  createdAt: IsoDateTimeSchema,
  /** Machine-readable reason for off-path events (e.g. WRONG_AMOUNT) and what happens next. */
  reason: z.string().optional(),
  nextStep: z.string().optional(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderDetailsSchema = z.object({
  depositAddress: z.string(),
  depositAddressMemo: z.string().nullable(),
  requiredConfirmations: z.number().int(),
  confirmations: z.number().int(),
  depositTxHash: z.string().nullable(),
  payoutTxHash: z.string().nullable(),
  fixedRateExpiresAt: IsoDateTimeSchema.nullable(),
  /** Sandbox/real chain pace: roughly how long one confirmation takes, for an estimated time left. */
  secondsPerConfirmation: z.number().optional(),
  /**
   * §4 RATE_MODE_CHANGED: the floating rate offered instead of the fixed one (amounts in the receive currency). Accepting it
   * before `expiresAt` pays exactly `amountToGet`; past it the offer is renewed (issue 23).
   */
  offeredRate: z
    .object({ price: MoneySchema, amountToGet: MoneySchema, updatedAt: IsoDateTimeSchema, expiresAt: IsoDateTimeSchema.optional() })
    .nullable()
    .optional(),
  /** Refund payout (REFUND_COMPLETED): amount net of the network fee, in the send currency. */
  refundAmount: MoneySchema.nullable().optional(),
  refundTxHash: z.string().nullable().optional(),
  /** DEPOSIT_ON_HOLD: the pair maximum (or no-KYC threshold) the deposit exceeded, in the send currency. */
  depositLimit: MoneySchema.nullable().optional(),
  /**
   * Card purchases only (§4 card flow, fiat sender): the provider's card payment; the order's redirectUrl is its
   * payment page. PAID moves the order on like a confirmed deposit; DECLINED ends it (CARD_PAYMENT_DECLINED).
   */
  cardPayment: z
    .object({ provider: z.string(), status: z.enum(['PENDING', 'PAID', 'DECLINED']), declineReason: z.string().nullable() })
    .nullable()
    .optional(),
});

/** §3 Order */
export const OrderSchema = z
  .object({
    orderId: z.string(),
    orderEvents: z.array(OrderEventSchema),
    orderDetails: OrderDetailsSchema,
    pair: z.object({ instrumentFrom: InstrumentRefSchema, instrumentTo: InstrumentRefSchema }),
    claimedDepositAmount: MoneySchema,
    claimedPublicRate: ClaimedPublicRateSchema,
    claimedNetworkFee: MoneySchema,
    deposits: z.array(z.object({ amount: MoneySchema, txHash: z.string().optional(), createdAt: IsoDateTimeSchema.optional() })),
    withdrawals: z.array(z.object({ amount: MoneySchema, txHash: z.string().optional(), createdAt: IsoDateTimeSchema.optional() })),
    amountToGet: MoneySchema,
    createdAt: IsoDateTimeSchema,
    userEmail: z.string().nullable(),
    rateMode: RateModeSchema,
    destinationAddress: z.string(),
    destinationAddressMemo: z.string().nullable(),
    refundAddress: z.string().nullable(),
    refundAddressMemo: z.string().nullable(),
    legacyOrderId: z.string().nullable(),
    referrerId: z.string().nullable(),
    utmData: UtmRecordSchema.nullable().optional(),
    browserFingerprint: z.string().nullable().optional(),
    redirectUrl: z.string().nullable().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** §3 Refund info */
export const RefundInfoSchema = z.object({ refundAmountWithoutNetworkFee: MoneySchema, networkFee: MoneySchema }).meta({ id: 'RefundInfo' });
export type RefundInfo = z.infer<typeof RefundInfoSchema>;

/** §3 Popular exchange */
export const PopularExchangeSchema = z
  .object({
    fromBestChangeCurrencyName: z.string(),
    toBestChangeCurrencyName: z.string(),
    fromSlug: SlugSchema,
    toSlug: SlugSchema,
    isActive: z.boolean(),
  })
  .meta({ id: 'PopularExchange' });
export type PopularExchange = z.infer<typeof PopularExchangeSchema>;

export const LatestOrderSchema = z.object({
  from: InstrumentRefSchema,
  to: InstrumentRefSchema,
  amountFrom: MoneySchema,
  amountTo: MoneySchema,
  completedAt: IsoDateTimeSchema,
});

export const PublicStatsSchema = z.object({
  ordersCompleted: z.number().int(),
  volumeUsd: MoneySchema,
  instrumentsCount: z.number().int(),
});

/** §3 Account data */
export const AccountDataSchema = z
  .object({
    email: z.string(),
    permissions: z.string(),
    adminPermissionsScope: z.record(z.string(), z.unknown()),
    userId: z.number().int(),
    /** Issue 24: API keys, webhooks, a referral relation and withdrawals need a confirmed email. */
    emailConfirmed: z.boolean(),
    /** Issue 24: sign-in and step-up ask for an authenticator code. */
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'AccountData' });
export type AccountData = z.infer<typeof AccountDataSchema>;

/** §3 Auth form */
export const AuthFormSchema = z.object({
  email: z.string(),
  password: z.string(),
  passwordConfirm: z.string(),
  browserFingerprint: z.string(),
  referralID: z.string(),
  passwordResetCode: z.string(),
  isTermsAccepted: z.boolean(),
});
export type AuthForm = z.infer<typeof AuthFormSchema>;

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'invalid email');

/** §3 API key: what the owner sets (update-api-key takes exactly these). */
export const ApiKeySchema = z
  .object({
    apiId: z.string().min(1).max(64),
    name: z.string().trim().min(1).max(64),
    /** IPv4/IPv6 addresses and CIDR ranges allowed to use the key; empty = any address. */
    whiteListIp: z.array(z.string().trim().min(1).max(64)).max(50),
    isActive: z.boolean(),
    /** Issue 24: refuse the key's unsigned requests (only a key with a signing secret can require them); unchanged when absent. */
    signatureRequired: z.boolean().optional(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;
/** An API key as listed: the settings plus its visible prefix and dates (the secret itself is never shown again). */
export const ApiKeyRecordSchema = ApiKeySchema.extend({
  /** The first characters of the secret, to tell keys apart. */
  prefix: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
  /** Unsigned requests with the key are refused. */
  signatureRequired: z.boolean(),
  /** Suspended by a password reset until the owner resumes it (resume-api-key): its requests are refused meanwhile. */
  suspended: z.boolean(),
}).meta({ id: 'ApiKeyRecord' });
export type ApiKeyRecord = z.infer<typeof ApiKeyRecordSchema>;

/** §3 Withdrawal payload (§5: USDT on TRC20 only). */
export const WithdrawalPayloadSchema = z
  .object({ currencyTitle: z.string().max(16), networkTitle: z.string().max(16), address: z.string().trim().max(128), amount: MoneySchema })
  .meta({ id: 'WithdrawalPayload' });
export type WithdrawalPayload = z.infer<typeof WithdrawalPayloadSchema>;

/**
 * A balance of the account's ledger: `amount` can be withdrawn, `pending` is held by withdrawals in progress, `held`
 * is earned income still in its hold (issue 24: withdrawable AFFILIATE_HOLD_DAYS after its order completed).
 */
export const BalanceSchema = z
  .object({ currencyTitle: z.string(), networkTitle: z.string(), amount: MoneySchema, held: MoneySchema, pending: MoneySchema })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof BalanceSchema>;

export const RewardKindSchema = z.enum(['AFFILIATE_COMMISSION', 'CASHBACK']);
export type RewardKind = z.infer<typeof RewardKindSchema>;
/** An accrual (commission on a referred order) or a cashback (on the account's own order), credited in USDT. */
export const LedgerEntrySchema = z
  .object({
    id: z.string(),
    kind: RewardKindSchema,
    currencyTitle: z.string(),
    amount: MoneySchema,
    /** The order it was earned on; masked (first and last characters) when it is someone else's order. */
    orderId: z.string(),
    /** The order's executed volume in USDT and the rate applied to it (a fraction: 0.005 = 0.5 %). */
    volume: MoneySchema,
    rate: MoneySchema,
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'RewardEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const WithdrawalStatusSchema = z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;
export const WithdrawalRecordSchema = WithdrawalPayloadSchema.extend({
  id: z.string(),
  status: WithdrawalStatusSchema,
  createdAt: IsoDateTimeSchema,
  /** The payout transaction once sent. */
  txHash: z.string().nullable(),
  completedAt: IsoDateTimeSchema.nullable(),
  /** Why a FAILED withdrawal failed (its amount is back in the balance). */
  failureReason: z.string().nullable(),
}).meta({ id: 'Withdrawal' });
export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

/** The programme's published terms and where the account stands in them. */
export const AffiliateProgramSchema = z
  .object({
    commissionRate: MoneySchema,
    cashbackTiers: z.array(z.object({ minVolume: MoneySchema, rate: MoneySchema })),
    /** The account's completed volume over the last 30 days, in USDT, and the cashback rate it earns now. */
    volume30d: MoneySchema,
    cashbackRate: MoneySchema,
    withdrawalMin: MoneySchema,
    withdrawalCurrency: z.object({ currencyTitle: z.string(), networkTitle: z.string() }),
    /** Issue 24: commission and cashback become withdrawable this many days after their order completed. */
    holdDays: z.number().min(0),
  })
  .meta({ id: 'AffiliateProgram' });
export type AffiliateProgram = z.infer<typeof AffiliateProgramSchema>;

/** A partner's webhook: order status changes are POSTed to `url`, signed with its secret. */
export const WebhookSchema = z.object({ id: z.string(), url: z.string(), isActive: z.boolean(), createdAt: IsoDateTimeSchema }).meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    webhookId: z.string(),
    /** The event's id, also sent as the X-Coinferry-Event-Id header (the same on every retry). */
    eventId: z.string(),
    eventType: z.string(),
    orderId: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: IsoDateTimeSchema.nullable(),
    deliveredAt: IsoDateTimeSchema.nullable(),
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** §3 Verification data */
export const VerificationDataSchema = z
  .object({
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    issueCountry: z.string().min(2),
    birthDate: z.string(),
    expireDate: z.string().default(DEFAULT_VERIFICATION_EXPIRY),
    identityType: IdentityTypeSchema.default('idcard'),
    identityNumber: z.string().min(1),
    facePhoto: z.string(),
    frontPhoto: z.string(),
    backendPhoto: z.string(),
  })
  .meta({ id: 'VerificationData' });

export const VerificationStatusBodySchema = z
  .object({ status: VerificationStatusSchema, rejectReason: z.string().nullable() })
  .meta({ id: 'VerificationStatus' });

/** Issue 12: a calendar date `YYYY-MM-DD` that exists. */
const CalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'not a calendar date');
/** Printable text without control characters or markup brackets. */
const KycTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}<>]+$/u, 'contains characters that are not allowed');

/**
 * Issue 12: the text fields of the kyc/submit multipart form (§3 verification data plus the residence country of the
 * RESIDENTIAL step). The images are the form's files KYC_DOCUMENT_FIELDS; backendPhoto is not needed for a passport.
 */
export const KycSubmitFieldsSchema = z
  .object({
    residenceCountry: KycTextSchema(64),
    identityType: IdentityTypeSchema.default('idcard'),
    firstName: KycTextSchema(100),
    lastName: KycTextSchema(100),
    issueCountry: KycTextSchema(64),
    birthDate: CalendarDateSchema.refine((v) => v >= '1900-01-01' && v <= new Date().toISOString().slice(0, 10), 'not a plausible birth date'),
    identityNumber: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\p{L}\p{N} ./-]+$/u, 'letters, digits, spaces, dots, slashes and dashes only'),
    expireDate: CalendarDateSchema.default(DEFAULT_VERIFICATION_EXPIRY).refine((v) => v >= new Date().toISOString().slice(0, 10), 'the document has expired'),
  })
  .strict()
  .meta({ id: 'KycSubmitFields' });
export type KycSubmitFields = z.infer<typeof KycSubmitFieldsSchema>;

export const KycDocumentKindSchema = z.enum(['face', 'front', 'back']);

/** Issue 12: a verification in the admin list. */
export const KycAdminListItemSchema = z
  .object({
    verificationId: z.string(),
    userId: z.number().int(),
    email: z.string(),
    status: VerificationStatusSchema,
    identityType: IdentityTypeSchema,
    residenceCountry: z.string(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'KycAdminListItem' });

/** Issue 12: a verification as the admin reviews it. */
export const KycAdminVerificationSchema = KycAdminListItemSchema.extend({
  rejectReason: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  issueCountry: z.string(),
  birthDate: z.string(),
  identityNumber: z.string(),
  expireDate: z.string(),
  /** The admin account that decided; null for the sandbox's automatic decision or when undecided. */
  decidedBy: z.number().int().nullable(),
  documents: z.array(z.object({ kind: KycDocumentKindSchema, bytes: z.number().int(), createdAt: z.string(), deleted: z.boolean() })),
  audit: z.array(z.object({ actor: z.string(), action: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
}).meta({ id: 'KycAdminVerification' });

/** §3 Notification */
export const NotificationSchema = z.object({
  traceID: z.string(),
  id: z.string(),
  type: z.enum(['success', 'error', 'info', 'warning']),
  message: z.string(),
  timeout: z.number(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const HealthSchema = z
  .object({
    status: HealthStatusSchema,
    version: z.string(),
    sandbox: z.object({ market: z.boolean(), custody: z.boolean(), provider: z.boolean(), mail: z.boolean() }),
    checks: z.record(z.string(), z.enum(['up', 'down'])),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

/** WebSocket messages of `/api/v2/ws` (§7). */
export const WsClientMessageSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('pairs.rates'), data: ExchangeRequestSchema }),
  z.object({ event: z.literal('pairs.unsubscribe'), data: z.object({}).optional() }),
  z.object({ event: z.literal('orders.subscribe'), data: z.object({ orderId: z.string(), destinationAddress: z.string() }) }),
]);
export type WsClientMessage = z.input<typeof WsClientMessageSchema>;

export type WsServerMessage =
  | { channel: 'pairs'; event: 'data'; data: PairData }
  | { channel: 'pairs'; event: 'error'; data: { statusCode: number; code: string; message: string; details?: Record<string, unknown> } }
  | { channel: 'orders'; event: 'data'; data: Order }
  | { channel: 'orders'; event: 'error'; data: { statusCode: number; code: string; message: string } };

/** §2 SEO texts of one page in one locale (`POST /dict/seo`); the plain types and the §8 key check are in seo.ts. */
export const SeoTextsSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    ogTitle: z.string(),
    ogDescription: z.string(),
    structuredData: z
      .object({
        organizationName: z.string(),
        organizationDescription: z.string(),
        reviewAuthor: z.string(),
        reviewBody: z.string(),
        ratingValue: z.string(),
      })
      .optional(),
  })
  .meta({ id: 'SeoTexts' });
