// Request signatures of the partner API (issue 24; api/src/modules/keys/signature.ts, /docs/authentication):
//
//   canonical   = METHOD "\n" PATH_AND_QUERY "\n" X-Timestamp "\n" X-Nonce "\n" BODY
//   X-Signature = lowercase hex of HMAC-SHA256(the key's signing secret, canonical), both UTF-8
//
// PATH_AND_QUERY exactly as in the request line (no scheme or host), X-Timestamp in unix seconds (±300 s of the api's
// clock), X-Nonce 16–64 of A–Z a–z 0–9 _ - and new for every request, BODY the raw body ("" when none). WebCrypto only,
// so the signing runs wherever fetch does (Node ≥ 20, Deno, Bun, workers) — but a signing secret belongs on a server.
import type { Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema';

/** The signature headers as the OpenAPI document declares them (typed: a renamed header fails the SDK's build). */
export type SignatureHeaders = Required<
  Pick<NonNullable<paths['/api/partner/v1/orders']['post']['parameters']['header']>, 'X-Signature' | 'X-Timestamp' | 'X-Nonce'>
>;

/** The partner API's key header (the document's `apiKeyAuth` security scheme). */
const API_KEY_HEADER = 'x-api-key';
const PARTNER_PATHS = '/api/partner/';

export interface SignedParts {
  method: string;
  /** The path with its query, as in the request line: `/api/partner/v1/rates?rateMode=FLOATING`. */
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  body: string;
}

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export const canonicalRequest = (p: SignedParts): string => [p.method.toUpperCase(), p.pathAndQuery, p.timestamp, p.nonce, p.body].join('\n');

/** X-Signature of a request: hex HMAC-SHA256 of its canonical form with the key's signing secret (`cfs_…`). */
export async function requestSignature(signingSecret: string, parts: SignedParts): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(signingSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, encoder.encode(canonicalRequest(parts))));
}

/** A fresh X-Nonce: 22 base64url characters (128 random bits). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The three signature headers for a request to `url` (absolute; its path and query are signed). */
export async function signatureHeaders(
  signingSecret: string,
  request: { method: string; url: string; body: string },
  opts: { now?: () => number; nonce?: string } = {},
): Promise<SignatureHeaders> {
  const url = new URL(request.url);
  const timestamp = String(Math.floor((opts.now ?? Date.now)() / 1000));
  const nonce = opts.nonce ?? newNonce();
  const signature = await requestSignature(signingSecret, {
    method: request.method,
    pathAndQuery: url.pathname + url.search,
    timestamp,
    nonce,
    body: request.body,
  });
  return { 'X-Signature': signature, 'X-Timestamp': timestamp, 'X-Nonce': nonce };
}

/**
 * openapi-fetch middleware of the partner calls (paths under /api/partner/): adds `x-api-key` and, given the key's
 * signing secret, signs the request as sent (its final URL and body). Other calls (receipts, keys) go out untouched.
 */
export function partnerAuthMiddleware(opts: { apiKey: string; signingSecret?: string; now?: () => number }): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (!schemaPath.startsWith(PARTNER_PATHS)) return undefined;
      request.headers.set(API_KEY_HEADER, opts.apiKey);
      if (opts.signingSecret === undefined) return request;
      const body = request.body === null ? '' : await request.clone().text();
      const headers = await signatureHeaders(opts.signingSecret, { method: request.method, url: request.url, body }, { now: opts.now });
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return request;
    },
  };
}
