// The market (§3 instrument, pair data, exchange request, popular exchange): what the exchange trades and at what rate.
import { z } from 'zod';
import { CKM_MODES, EXCHANGE_TYPES, INSTRUMENT_PROVIDERS, RATE_MODES } from '../../domain';
import { IsoDateTimeSchema, MoneySchema, SlugSchema } from '../../commonSchemas';
import { HoldRulesSchema } from './holdRulesSchemas';

export * from './holdRulesSchemas';

export const RateModeSchema = z.enum(RATE_MODES);

export const ExchangeTypeSchema = z.enum(EXCHANGE_TYPES);

export const CkmSchema = z.enum(CKM_MODES);

export const InstrumentProviderSchema = z.enum(INSTRUMENT_PROVIDERS);

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

/**
 * Issue 29: time from the deposit seen to the payout sent on the send instrument's network, in seconds. `measured`:
 * percentiles of that network's recent completed orders (`sampleSize` of them); `default`: too few such orders yet,
 * so required confirmations × seconds per confirmation plus a payout allowance.
 */
export const EstimatedSecondsSchema = z
  .object({
    p50: z.number().int().min(0),
    p90: z.number().int().min(0),
    basis: z.enum(['measured', 'default']),
    sampleSize: z.number().int().min(0),
  })
  .meta({ id: 'EstimatedSeconds', example: { p50: 420, p90: 900, basis: 'measured', sampleSize: 128 } });

export type EstimatedSeconds = z.infer<typeof EstimatedSecondsSchema>;

const FEE_LINE_KINDS = ['NETWORK_FEE', 'SERVICE_FEE', 'SPREAD'] as const;

/**
 * Issue 29: one fee of the quote, exact, in the currency it is charged in. `takenFromAmountToGet`: deducted from
 * what the customer receives (marketAmountToGet − every such line = amountToGet).
 */
export const FeeLineSchema = z
  .object({
    kind: z.enum(FEE_LINE_KINDS),
    amount: MoneySchema,
    currencyTitle: z.string(),
    slug: SlugSchema,
    takenFromAmountToGet: z.boolean(),
  })
  .meta({ id: 'FeeLine' });

export type FeeLine = z.infer<typeof FeeLineSchema>;

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
    /** Issue 29: every check that can hold this order's deposit, and the refund a held order always offers. */
    holdRules: HoldRulesSchema.optional(),
    /** Issue 29: the deposit at the market price (marketLeftPrice), in the receive currency, before any fee line. */
    marketAmountToGet: MoneySchema,
    /** Issue 29: every fee of this quote (network fee, service fee, spread against the market price). */
    feeLines: z.array(FeeLineSchema),
    /** Issue 29: deposit seen → payout sent on the send network. */
    estimatedSeconds: EstimatedSecondsSchema,
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

export const PublicStatsSchema = z.object({
  ordersCompleted: z.number().int(),
  volumeUsd: MoneySchema,
  instrumentsCount: z.number().int(),
});
