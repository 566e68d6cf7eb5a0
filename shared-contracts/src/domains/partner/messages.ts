// The messages the partner API answers with (issue 29), one place for the api that sends them and the OpenAPI
// document whose error examples show them: an example is the server's real text, never a paraphrase
// (api/test/partner.contract.test.ts sends each request and compares). `{…}` parts are the request's own values.

export const PARTNER_ERROR_MESSAGES = {
  keyRequired: 'API key required (x-api-key header)',
  keyUnknown: 'Unknown API key',
  keyDeactivated: 'API key is deactivated',
  keySuspended: "API key is suspended since the account's password was reset: its owner resumes it on the profile's API keys page",
  keyOwnerUnconfirmed: "Confirm your email first: the key's account has no confirmed email",
  keyAddressRefused: 'API key is not allowed from this address',
  signatureRequired: 'This API key requires signed requests (x-signature, x-timestamp, x-nonce)',
  idempotencyKeyRequired: 'Idempotency-Key header required: a retry with the same key never creates a second order',
  idempotencyKeyReused: 'Idempotency-Key was already used with a different request',
  cardPurchases: 'Card purchases are not available through the partner API',
} as const;

/** `Order {orderId} not found`, `Webhook {id} not found`, …: the not-found answers of the partner's own things. */
export const partnerNotFound = (what: 'Order' | 'Webhook' | 'Webhook delivery', id: string): string => `${what} ${id} not found`;

/** The per-key limit's 429 (api limits/partner.ts). */
export const partnerTooManyRequests = (retryAfterSeconds: number): string => `Too many requests with this API key; retry in ${retryAfterSeconds} s`;
