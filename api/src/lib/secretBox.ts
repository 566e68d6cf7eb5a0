// Secrets the api must read back (webhook signing secrets; KYC documents next) are stored sealed: AES-256-GCM under
// the data encryption key, `v1.<iv>.<tag>.<ciphertext>` in base64url. A sealed value names its format version, so the
// key or the cipher can change later without guessing.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

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
  };
}
