// What the analytics sink keeps of an event (§4 events, DESIGN "no personal data in analytics"): the browser is
// asked not to send personal data, and the sink does not trust it to: the path loses its query and hash (an order
// link carries the destination address), and `data` loses every key that names personal data and every value
// that looks like an email address or a long opaque string (a wallet address, a token).
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

/** The path without query and hash, or null when it is not a site path. */
export function keptPath(path: string | undefined): string | null {
  if (!path) return null;
  const bare = path.split(/[?#]/, 1)[0];
  return bare.startsWith('/') ? bare : null;
}

const WEEK_MS = 7 * 24 * 3600 * 1000;
const SKEW_MS = 3600 * 1000;

/** The visitor's clock when it is plausible (a week back to an hour ahead of receipt), else the time of receipt. */
export function occurredAt(clientMs: number, receivedMs: number): Date {
  return clientMs >= receivedMs - WEEK_MS && clientMs <= receivedMs + SKEW_MS ? new Date(clientMs) : new Date(receivedMs);
}
