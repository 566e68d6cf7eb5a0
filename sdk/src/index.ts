// The partner SDK (issue 29): types generated from the OpenAPI document (src/generated/schema.ts, `pnpm --filter sdk
// generate`), a client over openapi-fetch with request signing, webhook and receipt verification. See README.md.
export {
  createExchangeClient,
  ExchangeApiError,
  newIdempotencyKey,
  type AcceptRateBody,
  type ApiErrorBody,
  type CreateOrderBody,
  type DeliveriesQuery,
  type ExchangeClient,
  type ExchangeClientOptions,
  type IdempotencyKey,
  type Order,
  type OrdersQuery,
  type PairData,
  type QuoteQuery,
  type Receipt,
  type ReceiptKeySet,
  type ReceiptQuery,
  type RefundRequestBody,
} from './client';
// The generated document, whole (openapi-typescript's roots).
export type { $defs, components, operations, paths, webhooks } from './generated/schema';
export { ReceiptVerificationError, type VerifiedReceipt, verifyReceipt } from './receipts';
export { canonicalRequest, newNonce, partnerAuthMiddleware, requestSignature, type SignatureHeaders, type SignedParts, signatureHeaders } from './signing';
export {
  type HeaderBag,
  type OrderWebhookEvent,
  type TestWebhookEvent,
  type WebhookEvent,
  type WebhookFailure,
  WebhookVerificationError,
  verifyWebhook,
} from './webhooks';
