// What the analytics sink keeps of an event (§4 events, DESIGN "no personal data in analytics"): the browser is
// asked not to send personal data, and the sink does not trust it to: the path loses its query and hash (an order
// link carries the destination address), and `data` loses every key that names personal data and every value
// that looks like an email address or a long opaque string (a wallet address, a token). Issue 24: identifiers never
// leave the site: the path's order id (and any id-like segment) becomes `:id` (`/ru/order/<uuid>` → `/ru/order/:id`),
// and what goes to the configured third party (forwarder.ts) loses the data's identifier keys (orderId, …) too.
import type { AnalyticsRecord } from 'shared-contracts/server';

type AnalyticsData = NonNullable<AnalyticsRecord['data']>;

/** Keys that name personal data, whatever their value. */
const PERSONAL_KEY = /e-?mail|address|memo|password|phone|name|token|secret|card|iban|tx_?hash|fingerprint|ip$/i;
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
/** 26+ characters of letters and digits without a space: wallet addresses, hashes, tokens (ids are shorter or have dashes). */
const OPAQUE_LIKE = /^(0x)?[A-Za-z0-9]{26,}$/;

function isPersonalValue(value: unknown): boolean {
  return typeof value === 'string' && (EMAIL_LIKE.test(value) || OPAQUE_LIKE.test(value.trim()));
}

/** The record's data without personal keys or values (undefined when nothing is left). */
export function keptData(data: AnalyticsRecord['data']): AnalyticsData {
  const kept: AnalyticsData = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (key === '__proto__' || PERSONAL_KEY.test(key) || isPersonalValue(value)) continue;
    kept[key] = value;
  }
  return kept;
}

/** Segments after which the next one names a record (an order): `/order/<id>`, `/orders/<id>`. */
const ID_AFTER = new Set(['order', 'orders']);
/** Page words that follow those segments and are no identifier (`/order/pending`: an order being created). */
const NOT_AN_ID = new Set(['pending']);
const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_LIKE = /^(0x)?[0-9a-f]{16,}$/i;
/** An id wherever it stands: a UUID, a long hex string, a long opaque token or an address (slugs are words with dashes). */
const looksLikeId = (segment: string): boolean => UUID_LIKE.test(segment) || HEX_LIKE.test(segment) || OPAQUE_LIKE.test(segment);

/** The path without query and hash and with `:id` for identifiers, or null when it is not a site path. */
export function keptPath(path: string | undefined): string | null {
  if (!path) return null;
  const bare = path.split(/[?#]/, 1)[0];
  if (!bare.startsWith('/')) return null;
  const segments = bare.split('/');
  return segments
    .map((segment, i) => {
      if (segment === '') return segment;
      const afterIdSegment = i > 0 && ID_AFTER.has(segments[i - 1].toLowerCase());
      return (afterIdSegment && !NOT_AN_ID.has(segment.toLowerCase())) || looksLikeId(segment) ? ':id' : segment;
    })
    .join('/');
}

/** Keys of the data that name a record: `orderId`, `order_id`, `id`, `apiId`… */
const IDENTIFIER_KEY = /(^id$|Id$|_id$|^uuid$)/;

/** What of the kept data may go to a third party (the forwarder): no identifiers (issue 24: order ids stay on the site). */
export function forwardedData(data: AnalyticsData): AnalyticsData {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => !IDENTIFIER_KEY.test(key) && !(typeof value === 'string' && looksLikeId(value))));
}

const WEEK_MS = 7 * 24 * 3600 * 1000;
const SKEW_MS = 3600 * 1000;

/** The visitor's clock when it is plausible (a week back to an hour ahead of receipt), else the time of receipt. */
export function occurredAt(clientMs: number, receivedMs: number): Date {
  return clientMs >= receivedMs - WEEK_MS && clientMs <= receivedMs + SKEW_MS ? new Date(clientMs) : new Date(receivedMs);
}
