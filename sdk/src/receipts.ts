// Signed receipts (issue 29): a completed or refunded order's receipt is a compact JWS, alg EdDSA (Ed25519), its key
// named by `kid` in the protected header; the public keys are the JWKS at /.well-known/receipt-keys.json (every key
// that ever signed a receipt stays there, so an old receipt keeps verifying after a rotation). Verification needs
// nothing from the api: the JWS and a copy of the JWKS are enough, offline.
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type { components } from './generated/schema';

type ReceiptPayload = components['schemas']['ReceiptPayload'];
type ReceiptKeySet = components['schemas']['ReceiptKeySet'];

export class ReceiptVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Receipt refused: ${message}`, options);
    this.name = 'ReceiptVerificationError';
  }
}

export interface VerifiedReceipt {
  /** The key that signed it (the JWS header's kid). */
  kid: string;
  payload: ReceiptPayload;
}

/**
 * Verifies a receipt (`jws`: the compact JWS, as `GET /api/v1/orders/public/receipt` answers it in `jws`) with the
 * published keys and returns its payload; throws ReceiptVerificationError when the signature, the algorithm or the
 * key does not check out — a single changed byte anywhere in the JWS fails it.
 */
export async function verifyReceipt(jws: string, jwks: ReceiptKeySet | JSONWebKeySet): Promise<VerifiedReceipt> {
  let verified: Awaited<ReturnType<typeof compactVerify>>;
  try {
    verified = await compactVerify(jws.trim(), createLocalJWKSet(jwks as JSONWebKeySet), { algorithms: ['EdDSA', 'Ed25519'] });
  } catch (cause) {
    throw new ReceiptVerificationError(cause instanceof Error ? cause.message : String(cause), { cause });
  }
  const { kid } = verified.protectedHeader;
  if (typeof kid !== 'string') throw new ReceiptVerificationError('no kid in the protected header');
  let payload: ReceiptPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as ReceiptPayload;
  } catch (cause) {
    throw new ReceiptVerificationError('the payload is not JSON', { cause });
  }
  return { kid, payload };
}
