// Issue 29: the receipt signing keys. Ed25519 key pairs kept in receipt_keys (0028): the public JWK as is, the private
// JWK sealed under the data encryption key (lib/secretBox.ts, as webhook secrets and KYC data are). The newest key
// signs; once it is `rotationDays` old a new one is made and signs from then on, and every older public key stays in
// the JWKS so the receipts it signed keep verifying. The kid is the key's RFC 7638 thumbprint. Two replicas rotating
// at once each make a key: both are published, the newest signs. Private keys are never logged nor answered.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { ReceiptKeySet } from 'shared-contracts/server';
import type { Query } from '../../db/query';
import type { SecretBox } from '../../lib/secretBox';

const DAY_MS = 86_400_000;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface ReceiptKeyStore {
  /** The key that signs now: the newest, or a new one when there is none or it is `rotationDays` old. */
  signingKey(): Promise<SigningKey>;
  /** Every public key, the newest first. */
  keySet(): Promise<ReceiptKeySet>;
}

interface KeyRow {
  kid: string;
  publicJwk: JWK;
  sealed: string;
  createdAt: Date;
}

type PublishedKey = ReceiptKeySet['keys'][number];

const published = (kid: string, jwk: JWK): PublishedKey => ({ kty: 'OKP', crv: 'Ed25519', x: String(jwk.x), kid, alg: 'EdDSA', use: 'sig' });

export function createReceiptKeyStore(deps: { query: Query; box: SecretBox; rotationDays: number; now?: () => Date }): ReceiptKeyStore {
  const { query, box } = deps;
  const now = deps.now ?? (() => new Date());
  const rotationMs = deps.rotationDays * DAY_MS;
  /** The newest key, unsealed once per process. */
  let cached: (SigningKey & { createdAt: Date }) | null = null;

  async function newest(): Promise<KeyRow | undefined> {
    const [row] = await query<{ kid: string; publicJwk: JWK; sealed: string; createdAt: Date | string }>(
      `SELECT kid, public_jwk AS "publicJwk", private_jwk_sealed AS sealed, created_at AS "createdAt" FROM receipt_keys ORDER BY created_at DESC, kid LIMIT 1`,
    );
    return row && { ...row, createdAt: new Date(row.createdAt) };
  }

  async function create(): Promise<SigningKey & { createdAt: Date }> {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
    const createdAt = now();
    await query(`INSERT INTO receipt_keys (kid, public_jwk, private_jwk_sealed, created_at) VALUES ($1, $2, $3, $4)`, [
      kid,
      JSON.stringify(published(kid, publicJwk)),
      box.seal(JSON.stringify(await exportJWK(privateKey))),
      createdAt,
    ]);
    return { kid, privateKey, createdAt };
  }

  async function open(row: KeyRow): Promise<SigningKey & { createdAt: Date }> {
    const privateKey = await importJWK(JSON.parse(box.open(row.sealed)) as JWK, 'EdDSA');
    return { kid: row.kid, privateKey: privateKey as CryptoKey, createdAt: row.createdAt };
  }

  const fresh = (createdAt: Date) => now().getTime() - createdAt.getTime() < rotationMs;

  return {
    async signingKey() {
      const row = await newest();
      const key = !row || !fresh(row.createdAt) ? await create() : cached?.kid === row.kid ? cached : await open(row);
      cached = key;
      return { kid: key.kid, privateKey: key.privateKey };
    },

    async keySet() {
      const rows = await query<{ kid: string; publicJwk: JWK | string }>(
        `SELECT kid, public_jwk AS "publicJwk" FROM receipt_keys ORDER BY created_at DESC, kid`,
      );
      return { keys: rows.map((r) => published(r.kid, typeof r.publicJwk === 'string' ? (JSON.parse(r.publicJwk) as JWK) : r.publicJwk)) };
    },
  };
}
