// Orders (§3 order, UTM record, refund info; §4 order events) and the WebSocket messages of `/api/v2/ws` (§7).
import { z } from 'zod';
import { ORDER_EVENT_KINDS, ORDER_EVENT_REASONS, ORDER_NEXT_STEPS, ORDER_STATUSES, type OrderEventReason, type OrderNextStep } from '../../domain';
import { EmailSchema, IsoDateTimeSchema, MoneySchema, PositiveMoneySchema, SlugSchema } from '../../commonSchemas';
import { EstimatedSecondsSchema, ExchangeRequestSchema, InstrumentRefSchema, type PairData, QuotesSchema, RateModeSchema } from '../market/schemas';

export const OrderEventKindSchema = z.enum(ORDER_EVENT_KINDS);

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

/** §4: why an event happened off the happy path (`OrderEvent.reason`). */
export const OrderEventReasonSchema = z.enum(Object.values(ORDER_EVENT_REASONS) as [OrderEventReason, ...OrderEventReason[]]).meta({ id: 'OrderEventReason' });

/** §4: what happens next or what the customer can do (`OrderEvent.nextStep`). */
export const OrderNextStepSchema = z.enum(Object.values(ORDER_NEXT_STEPS) as [OrderNextStep, ...OrderNextStep[]]).meta({ id: 'OrderNextStep' });

/** §4 order lifecycle: the order's state now (`Order.status`); `orderEvents` is its history. */
export const OrderStatusSchema = z.enum(ORDER_STATUSES).meta({
  id: 'OrderStatus',
  description:
    'The order’s state: AWAITING_DEPOSIT, CONFIRMING (deposit seen, confirmations pending), AWAITING_DECISION (a new rate is offered: accept it or request a refund), ON_HOLD (refund only), EXCHANGING, WITHDRAWING, COMPLETED, REFUND_REQUESTED, REFUNDING, REFUNDED, PAYMENT_FAILED (card payment declined). COMPLETED, REFUNDED and PAYMENT_FAILED are final.',
});

export const OrderEventSchema = z.object({
  kind: OrderEventKindSchema,
  createdAt: IsoDateTimeSchema,
  /** Machine-readable reason for an off-path event, and what happens next or what the customer can do (issue 29: enums). */
  reason: OrderEventReasonSchema.optional(),
  nextStep: OrderNextStepSchema.optional(),
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
  /** Issue 29: deposit seen → payout sent on the order's send network, measured from recent orders (as the quote's). */
  estimatedSeconds: EstimatedSecondsSchema.optional(),
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
    status: OrderStatusSchema,
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
    /** Issue 29: a FLOATING order's maximum slippage (a fraction, "0.01" = 1 %); null for FIXED. */
    maxSlippage: MoneySchema.nullable().optional(),
  })
  .meta({ id: 'Order' });

export type Order = z.infer<typeof OrderSchema>;

/** §3 Refund info */
export const RefundInfoSchema = z.object({ refundAmountWithoutNetworkFee: MoneySchema, networkFee: MoneySchema }).meta({ id: 'RefundInfo' });

export type RefundInfo = z.infer<typeof RefundInfoSchema>;

export const LatestOrderSchema = z.object({
  from: InstrumentRefSchema,
  to: InstrumentRefSchema,
  amountFrom: MoneySchema,
  amountTo: MoneySchema,
  completedAt: IsoDateTimeSchema,
});

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

export const OrderLookupQuerySchema = z.object({ orderId: z.string().min(1).max(64), destinationAddress: z.string().min(1).max(256) });

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
    claimedDepositAmount: PositiveMoneySchema,
    /**
     * §3 Exchange request: the slug of the currency claimedDepositAmount is in. instrumentTo's slug: it is the amount
     * to receive, and the deposit is solved for it as the rate endpoint does; absent or instrumentFrom's: the amount to send.
     */
    claimedDepositAmountCurrency: SlugSchema.optional(),
    utmData: UtmRecordSchema.optional(),
    browserFingerprint: z.string().max(128).optional(),
    /**
     * Issue 29: FLOATING only. How much less than its quote (for the amount deposited) the order may pay at execution,
     * as a fraction ("0.01" = 1 %, the default; from 0.001 to 0.05). Past it the order stops with
     * FLOATING_RATE_SLIPPAGE_EXCEEDED and offers the new rate or a refund. A FIXED order with it is refused (ERR_VALIDATION).
     */
    maxSlippage: z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'must be a decimal fraction written as a string')
      .meta({ description: 'Maximum slippage of a FLOATING order, a fraction ("0.01" = 1 %, the default; 0.001 to 0.05)', example: '0.01' })
      .optional(),
  })
  .meta({ id: 'CreateOrderRequest', description: CREATE_ORDER_DESCRIPTION });

export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** A partner's order: the key names the partner (commission goes to its owner), so no referrer, fingerprint or UTM. */
export const PartnerCreateOrderBodySchema = CreateOrderBodySchema.omit({ referrerId: true, browserFingerprint: true, utmData: true, legacyOrderId: true }).meta(
  {
    id: 'PartnerCreateOrderRequest',
    description: CREATE_ORDER_DESCRIPTION,
  },
);

export type PartnerCreateOrderBody = z.infer<typeof PartnerCreateOrderBodySchema>;
