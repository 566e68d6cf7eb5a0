// What a scanned QR code (§2 QR scanner) holds for an address field: a bare address, or a payment URI of the
// address's network — BIP21 (bitcoin:, litecoin:, dogecoin:, dash:, zcash:, bitcoincash:), EIP-681
// (ethereum:[pay-]addr[@chain][/transfer?address=…]), tron:, solana: (Solana Pay), ripple:/xrp: with a
// destination tag, ton://transfer/addr?text=…, web+stellar:pay?destination=…&memo=…, and the like. Only the
// address and the memo / tag are taken: an amount means different units on every network, and the form asks
// for its own amounts.

interface ScannedPayment {
  /** The address, without the URI's scheme. */
  address: string;
  /** The memo / destination tag / comment the URI carries, if any. */
  memo?: string;
  /** The URI's scheme in lower case (e.g. `bitcoin`), when the code was a URI. */
  scheme?: string;
}

/** Parameters that carry a memo, a destination tag or a comment, in order of preference. */
const MEMO_PARAMS = ['memo', 'dt', 'tag', 'destinationtag', 'destination_tag', 'memo_id', 'text'];
/** Codes that are links to web pages, not payments. */
const NOT_PAYMENT_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'sms', 'wifi', 'geo', 'data', 'javascript', 'file', 'ftp']);

const SCHEME = /^([a-z][a-z0-9+.-]*):(\S*)$/i;
/** A bech32 address written in upper case (QR alphanumeric mode, BIP21 allows it): read in lower case. */
const UPPER_BECH32 = /^(BC|TB|BCRT|LTC|TLTC)1[02-9AC-HJ-NP-Z]{6,}$/;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseQuery(query: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (!params.has(key)) params.set(key, value);
  }
  return params;
}

function normaliseAddress(address: string): string {
  const trimmed = address.trim();
  return UPPER_BECH32.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * The address (and memo) a scanned code holds, or null when it holds none: empty text, a link to a web page, or
 * text with spaces in it (a sentence, not an address).
 */
export function parsePaymentUri(text: string): ScannedPayment | null {
  const raw = text.trim();
  if (!raw) return null;
  const match = SCHEME.exec(raw);
  if (!match) return /\s/.test(raw) ? null : { address: normaliseAddress(raw) };

  const scheme = match[1].toLowerCase();
  if (NOT_PAYMENT_SCHEMES.has(scheme)) return null;
  let rest = match[2].replace(/#.*$/, '');
  const q = rest.indexOf('?');
  const params = parseQuery(q < 0 ? '' : rest.slice(q + 1));
  rest = q < 0 ? rest : rest.slice(0, q);
  rest = rest.replace(/^\/\//, ''); // ton://transfer/…

  let address: string;
  if (scheme === 'ethereum') {
    // EIP-681: [pay-]target[@chain_id][/function]; a token transfer's recipient is the `address` parameter
    const [targetPart, fn] = rest.split('/');
    const target = targetPart.replace(/^pay-/i, '').split('@')[0];
    address = fn?.toLowerCase() === 'transfer' && params.get('address') ? params.get('address')! : target;
  } else if (scheme === 'web+stellar') {
    // SEP-7: web+stellar:pay?destination=G…&memo=…
    address = params.get('destination') ?? '';
  } else {
    // ton://transfer/EQ…, and `scheme:address` everywhere else
    address = rest.replace(/^transfer\//i, '');
  }
  address = normaliseAddress(decode(address));
  if (!address || /\s/.test(address)) return null;

  const memoKey = MEMO_PARAMS.find((k) => params.get(k));
  const memo = memoKey ? params.get(memoKey)!.trim() : '';
  return memo ? { address, memo, scheme } : { address, scheme };
}

/** What a scanned code gives the memo / tag field: the memo of a payment URI, else the code's text itself. */
export function scannedMemo(text: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  if (SCHEME.test(raw)) return parsePaymentUri(raw)?.memo ?? null;
  return raw;
}
