// Secrets of API keys and webhooks: high-entropy random strings; a key is stored as its SHA-256 only (its signing
// secret sealed: the api computes HMACs with it).
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters (≈ 5.95 bits each: 40 characters ≈ 238 bits). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

const API_KEY_PREFIX = 'cfk_';
/** Characters of the secret shown in the list to tell keys apart (`cfk_` + 8). */
export const VISIBLE_PREFIX_LENGTH = 12;

export const newApiKeySecret = (): string => API_KEY_PREFIX + randomBase62(40);
/** The key's own secret for request signatures (issue 24), apart from the key itself. */
export const newSigningSecret = (): string => `cfs_${randomBase62(40)}`;
export const newApiId = (): string => randomBytes(8).toString('hex');
export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Constant-time comparison of two hex strings (false when the lengths differ). */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length || !/^[0-9a-f]*$/i.test(a)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
