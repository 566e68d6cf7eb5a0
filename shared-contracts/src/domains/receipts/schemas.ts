// Issue 29: signed receipts. A completed or refunded order's receipt is a compact JWS (RFC 7515), signed once with
// Ed25519 (header alg EdDSA, kid, typ `exchange-receipt+jwt`) and kept, so every request answers the same bytes; the
// public keys are a JWKS (RFC 7517) at /.well-known/receipt-keys.json, old keys kept after a rotation.
import { z } from 'zod';
import { IsoDateTimeSchema, MoneySchema } from '../../commonSchemas';

/** The JWS header's `typ` of a receipt. */
export const RECEIPT_JWS_TYPE = 'exchange-receipt+jwt';

const ReceiptSideSchema = z
  .object({
    slug: z.string().meta({ description: 'Instrument slug, e.g. btc-bitcoin' }),
    currency: z.string().meta({ description: 'Currency title, e.g. BTC' }),
    network: z.string().meta({ description: 'Network title, e.g. Bitcoin' }),
  })
  .meta({ id: 'ReceiptSide' });

const ReceiptAmountSchema = z.object({ amount: MoneySchema, currency: z.string().meta({ description: 'Currency title of the amount' }) });

/** The signed payload: what was exchanged, at which rate, with which fees, and the transactions that moved it. */
export const ReceiptPayloadSchema = z
  .object({
    /** The site that issued the receipt (its origin). */
    iss: z.string(),
    /** Unix seconds the receipt was signed at. */
    iat: z.number().int(),
    /** The order id (as `sub`, the JWT claim of what the receipt is about). */
    sub: z.string(),
    receiptVersion: z.literal(1),
    orderId: z.string(),
    outcome: z.enum(['COMPLETED', 'REFUNDED']).meta({ description: 'COMPLETED: paid out; REFUNDED: the deposit was sent back' }),
    pair: z.object({ from: ReceiptSideSchema, to: ReceiptSideSchema }),
    rateMode: z.enum(['FLOATING', 'FIXED']),
    /** Units of `to` per unit of `from`: the rate the exchange was executed at (null for a refunded order never exchanged). */
    rate: MoneySchema.nullable(),
    /** The market rate at execution, the spread is measured against (null when unknown or not exchanged). */
    marketRate: MoneySchema.nullable(),
    fees: z.object({
      /** The payout network fee, in `to` (deducted from the payout). */
      networkFee: ReceiptAmountSchema,
      /** The service (platform) fee, in `to` (deducted from the payout). */
      serviceFee: ReceiptAmountSchema,
      /** The spread against the market rate: a fraction (0.005 = 0.5 %) and its amount in `to`; null when not exchanged or unknown. */
      spread: z.object({ fraction: MoneySchema, amount: ReceiptAmountSchema }).nullable(),
      /** A refund's network fee, in `from` (deducted from the refund); null for a completed order. */
      refundNetworkFee: ReceiptAmountSchema.nullable(),
    }),
    /** The deposit received. */
    amountIn: ReceiptAmountSchema,
    /** The payout sent (COMPLETED) or the refund sent (REFUNDED). */
    amountOut: ReceiptAmountSchema,
    transactions: z.object({
      deposit: z.string().nullable(),
      payout: z.string().nullable(),
      refund: z.string().nullable(),
    }),
    times: z.object({
      createdAt: IsoDateTimeSchema,
      depositAt: IsoDateTimeSchema.nullable(),
      completedAt: IsoDateTimeSchema.nullable(),
      refundedAt: IsoDateTimeSchema.nullable(),
    }),
  })
  .meta({ id: 'ReceiptPayload', description: 'The signed payload of an order receipt (JWS payload, JSON)' });

export type ReceiptPayload = z.infer<typeof ReceiptPayloadSchema>;

export const ReceiptSchema = z
  .object({
    orderId: z.string(),
    /** The key id in the JWS header: the key of /.well-known/receipt-keys.json that verifies it. */
    kid: z.string(),
    /** The compact JWS: base64url(header).base64url(payload).base64url(Ed25519 signature). */
    jws: z.string(),
    /** The JWS payload, decoded (the same JSON the signature covers). */
    payload: ReceiptPayloadSchema,
  })
  .meta({ id: 'Receipt', description: 'A completed or refunded order’s signed receipt' });

export type Receipt = z.infer<typeof ReceiptSchema>;

const ReceiptKeySchema = z
  .object({
    kty: z.literal('OKP'),
    crv: z.literal('Ed25519'),
    x: z.string().meta({ description: 'The public key, base64url' }),
    kid: z.string(),
    alg: z.literal('EdDSA'),
    use: z.literal('sig'),
  })
  .meta({ id: 'ReceiptKey' });

export const ReceiptKeySetSchema = z
  .object({ keys: z.array(ReceiptKeySchema) })
  .meta({ id: 'ReceiptKeySet', description: 'JWKS (RFC 7517) of the receipt keys, the current one first; earlier keys stay so older receipts keep verifying' });

export type ReceiptKeySet = z.infer<typeof ReceiptKeySetSchema>;
