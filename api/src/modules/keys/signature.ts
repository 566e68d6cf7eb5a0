// Request signatures of the partner API (issue 24). A key has its own signing secret (shown once when the key is made;
// the key itself is no longer a signing key), and a signature covers the method, the path with its query, the
// timestamp, a nonce and the body, so a captured request cannot be sent again, nor to another path, query or method:
//
//   canonical = METHOD "\n" PATH_AND_QUERY "\n" TIMESTAMP "\n" NONCE "\n" BODY
//   x-signature = lowercase hex of HMAC-SHA256(signing secret, canonical), both UTF-8
//
// METHOD in capitals; PATH_AND_QUERY exactly as in the request line (`/api/partner/v1/rates?rateMode=FLOATING`, no
// scheme or host); TIMESTAMP = x-timestamp, unix seconds, within ±300 s of the api's clock; NONCE = x-nonce, 16 to 64
// characters of A–Z a–z 0–9 _ -, accepted once per key within the window; BODY = the raw body ("" when none).
// content/docs/{en,ru}/authentication.md documents it with a test vector that api/test/signatures.test.ts recomputes.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADERS = { signature: 'x-signature', timestamp: 'x-timestamp', nonce: 'x-nonce' } as const;
/** How far x-timestamp may be from the api's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export interface SignedParts {
  method: string;
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  body: string;
}

export const canonicalRequest = (p: SignedParts): string => [p.method.toUpperCase(), p.pathAndQuery, p.timestamp, p.nonce, p.body].join('\n');

export const requestSignature = (signingSecret: string, p: SignedParts): string =>
  createHmac('sha256', signingSecret).update(canonicalRequest(p)).digest('hex');
