// The partner client: openapi-fetch over the generated `paths` (every call of the document, typed), with the key and
// the request signature added by middleware, plus helpers for the common calls that answer the data or throw an
// ExchangeApiError carrying the catalogue's {statusCode, code, message}.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/schema';
import { partnerAuthMiddleware } from './signing';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type PairData = Schemas['PairData'];
export type Receipt = Schemas['Receipt'];
export type ReceiptKeySet = Schemas['ReceiptKeySet'];
export type ApiErrorBody = Schemas['ApiError'];
export type QuoteQuery = paths['/api/partner/v1/rates']['get']['parameters']['query'];
export type CreateOrderBody = paths['/api/partner/v1/orders']['post']['requestBody']['content']['application/json'];
export type IdempotencyKey = paths['/api/partner/v1/orders']['post']['parameters']['header']['Idempotency-Key'];
export type OrdersQuery = NonNullable<paths['/api/partner/v1/orders']['get']['parameters']['query']>;
export type DeliveriesQuery = NonNullable<paths['/api/partner/v1/webhooks/deliveries']['get']['parameters']['query']>;
export type ReceiptQuery = paths['/api/v1/orders/public/receipt']['get']['parameters']['query'];
export type RefundRequestBody = paths['/api/partner/v1/orders/{orderId}/request-refund']['post']['requestBody']['content']['application/json'];
export type AcceptRateBody = paths['/api/partner/v1/orders/{orderId}/accept-rate-mode-change']['post']['requestBody']['content']['application/json'];

export interface ExchangeClientOptions {
  /** The api's origin, e.g. `https://coinferry.example` (the document's paths start with /api/…). */
  baseUrl: string;
  /** The API key (`cfk_…`), sent as x-api-key on partner calls. */
  apiKey: string;
  /** The key's signing secret (`cfs_…`): when given, every partner call is signed (X-Signature, X-Timestamp, X-Nonce). */
  secret?: string;
  /** A fetch of your own (a proxy, a test double); the global fetch by default. */
  fetch?: typeof fetch;
  /** The clock of the signatures (milliseconds), for tests. */
  now?: () => number;
}

/** A refused call: the catalogue's error body when the api sent one (`code` such as ERR_VALIDATION). */
export class ExchangeApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly body: ApiErrorBody | undefined;
  readonly response: Response;
  constructor(response: Response, error: unknown) {
    const body = typeof error === 'object' && error !== null && 'code' in error && 'message' in error ? (error as ApiErrorBody) : undefined;
    super(body ? `${body.code}: ${body.message}` : `HTTP ${response.status}${typeof error === 'string' && error ? `: ${error.slice(0, 200)}` : ''}`);
    this.name = 'ExchangeApiError';
    this.statusCode = body?.statusCode ?? response.status;
    this.code = body?.code ?? `HTTP_${response.status}`;
    this.body = body;
    this.response = response;
  }
}

async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw new ExchangeApiError(response, error);
  return data;
}

/** A new Idempotency-Key: keep it with your own record of the order and send the same one on every retry. */
export const newIdempotencyKey = (): IdempotencyKey => crypto.randomUUID();

export function createExchangeClient(options: ExchangeClientOptions) {
  const raw: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: options.fetch });
  raw.use(partnerAuthMiddleware({ apiKey: options.apiKey, signingSecret: options.secret, now: options.now }));
  return {
    /** The typed openapi-fetch client of the whole document (auth and signing applied to /api/partner/ paths). */
    raw,
    instruments: () => unwrap(raw.GET('/api/partner/v1/instruments')),
    pairs: () => unwrap(raw.GET('/api/partner/v1/pairs')),
    /** The rate, limits and fees of a pair for an amount (GET /api/partner/v1/rates). */
    quote: (query: QuoteQuery) => unwrap(raw.GET('/api/partner/v1/rates', { params: { query } })),
    /** Creates an order; a retry with the same idempotencyKey answers the same order instead of a second one. */
    createOrder: (body: CreateOrderBody, opts: { idempotencyKey: IdempotencyKey }) =>
      unwrap(raw.POST('/api/partner/v1/orders', { params: { header: { 'Idempotency-Key': opts.idempotencyKey } }, body })),
    getOrder: (orderId: string) => unwrap(raw.GET('/api/partner/v1/orders/{orderId}', { params: { path: { orderId } } })),
    listOrders: (query: OrdersQuery = {}) => unwrap(raw.GET('/api/partner/v1/orders', { params: { query } })),
    /** What a refund of the order would send back, and whether one can be asked for now. */
    refundInfo: (orderId: string) => unwrap(raw.GET('/api/partner/v1/orders/{orderId}/refund-info', { params: { path: { orderId } } })),
    /** Asks for the order's refund (same rules as the customer's own request). */
    requestRefund: (orderId: string, body: RefundRequestBody) =>
      unwrap(raw.POST('/api/partner/v1/orders/{orderId}/request-refund', { params: { path: { orderId } }, body })),
    /** Continues a stopped order at the new rate it was offered (a fixed-rate problem, or a floating order past its slippage). */
    acceptNewRate: (orderId: string, body: AcceptRateBody = {}) =>
      unwrap(raw.POST('/api/partner/v1/orders/{orderId}/accept-rate-mode-change', { params: { path: { orderId } }, body })),
    webhooks: {
      list: () => unwrap(raw.GET('/api/partner/v1/webhooks')),
      /** Registers a URL; the answer's `secret` (whsec_…) verifies its deliveries and is shown only here. */
      register: (url: string) => unwrap(raw.POST('/api/partner/v1/webhooks', { body: { url } })),
      remove: (id: string) => unwrap(raw.POST('/api/partner/v1/webhooks/delete', { body: { id } })),
      deliveries: (query: DeliveriesQuery = {}) => unwrap(raw.GET('/api/partner/v1/webhooks/deliveries', { params: { query } })),
      /** Sends a sample delivery to the webhook now (signed like any other), to try a receiver. */
      test: (id: string) => unwrap(raw.POST('/api/partner/v1/webhooks/test', { body: { id } })),
      /** Sends a delivery of the log again. */
      replay: (deliveryId: string) => unwrap(raw.POST('/api/partner/v1/webhooks/deliveries/replay', { body: { id: deliveryId } })),
    },
    /** A completed or refunded order's signed receipt (the order's own credential: its id and destination address). */
    receipt: (query: ReceiptQuery) => unwrap(raw.GET('/api/v1/orders/public/receipt', { params: { query } })),
    /** The receipt keys (JWKS) to verify receipts with; keep a copy to verify offline. */
    receiptKeys: () => unwrap(raw.GET('/.well-known/receipt-keys.json')),
  };
}

export type ExchangeClient = ReturnType<typeof createExchangeClient>;
