// Secrets the api must read back (webhook signing secrets, KYC documents and personal data) are stored sealed: AES-256-GCM under
// the data encryption key, `v1.<iv>.<tag>.<ciphertext>` in base64url. A sealed value names its format version, so the
// key or the cipher can change later without guessing.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * Bytes (KYC document chunks): `SB1` + iv (12) + tag (16) + ciphertext. `context` (authenticated, not stored: e.g.
   * the document and position of a chunk) must be given again to open it, so a sealed piece moved elsewhere fails.
   */
  sealBytes(plain: Buffer, context?: string): Buffer;
  openBytes(sealed: Buffer, context?: string): Buffer;
}

const BYTES_MAGIC = Buffer.from('SB1');

/** `keyMaterial`: any string of at least 32 characters (DATA_ENCRYPTION_KEY); the AES key is its SHA-256. */
export function createSecretBox(keyMaterial: string): SecretBox {
  if (keyMaterial.length < 32) throw new Error('the data encryption key needs at least 32 characters');
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    sealBytes(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([BYTES_MAGIC, iv, cipher.getAuthTag(), body]);
    },
    openBytes(sealed, context) {
      const head = BYTES_MAGIC.length;
      if (sealed.length < head + 28 || !sealed.subarray(0, head).equals(BYTES_MAGIC)) throw new Error('not sealed bytes');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(head, head + 12));
      if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.subarray(head + 12, head + 28));
      return Buffer.concat([decipher.update(sealed.subarray(head + 28)), decipher.final()]);
    },
  };
}
