// Webhook signatures (api/src/modules/webhooks/signing.ts, /docs/webhooks): every delivery carries
//   X-Coinferry-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(webhook secret, "<t>.<raw body>")>
// and the same t in X-Coinferry-Timestamp. A receiver recomputes v1 over the raw body (before parsing it), compares in
// constant time (WebCrypto's HMAC verify) and refuses a t more than five minutes from its clock (a replayed delivery).
import type { components } from './generated/schema';

const SIGNATURE_HEADER = 'x-coinferry-signature';
const TIMESTAMP_HEADER = 'x-coinferry-timestamp';
const DEFAULT_TOLERANCE_SECONDS = 300;

/** The body of a delivery about one of your orders (the document's `webhooks` section: order.status_changed). */
export type OrderWebhookEvent = components['schemas']['OrderWebhookEvent'];

/** The body of a test delivery (POST /api/partner/v1/webhooks/test): an order event's shape with no order. */
export type TestWebhookEvent = components['schemas']['TestWebhookEvent'];

/** A delivery's body; switch on `type` (and ignore types you do not know: new ones may be added). */
export type WebhookEvent = OrderWebhookEvent | TestWebhookEvent;

export type WebhookFailure = 'missing signature' | 'malformed signature' | 'timestamp mismatch' | 'stale timestamp' | 'bad signature' | 'not JSON';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookFailure;
  constructor(reason: WebhookFailure) {
    super(`Webhook refused: ${reason}`);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

/** Request headers as a Fetch `Headers`, or Node's `IncomingHttpHeaders` (lower-case names), or a plain record. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

const encoder = new TextEncoder();

function fromHex(s: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(s.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Verifies a webhook delivery and returns its event; throws WebhookVerificationError (with `reason`) otherwise.
 * `rawBody`: the exact bytes received, before any JSON parsing; `secret`: the webhook's `whsec_…`.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  opts: { toleranceSeconds?: number; now?: () => number } = {},
): Promise<WebhookEvent> {
  const header = headerOf(headers, SIGNATURE_HEADER);
  if (!header) throw new WebhookVerificationError('missing signature');
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) throw new WebhookVerificationError('malformed signature');
  const [, t, v1] = match as unknown as [string, string, string];
  const timestamp = headerOf(headers, TIMESTAMP_HEADER);
  if (timestamp !== undefined && timestamp !== t) throw new WebhookVerificationError('timestamp mismatch');
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs((opts.now ?? Date.now)() / 1000 - Number(t)) > tolerance) throw new WebhookVerificationError('stale timestamp');

  // Signed as bytes: "<t>." then the body exactly as received.
  const bytes = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const signed = new Uint8Array(t.length + 1 + bytes.length);
  signed.set(encoder.encode(`${t}.`));
  signed.set(bytes, t.length + 1);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  if (!(await crypto.subtle.verify('HMAC', key, fromHex(v1), signed))) throw new WebhookVerificationError('bad signature');
  try {
    return JSON.parse(typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody)) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('not JSON');
  }
}
