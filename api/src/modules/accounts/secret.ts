// The master secret of access tokens and reset-code hashes: JWT_SECRET, or (development and sandbox
// deployments only; config refuses production without it) one generated at first start and kept in the
// database, so every replica and every restart uses the same one.
import { randomBytes } from 'node:crypto';
import type { DbHandle } from '../../db/client';

export async function resolveAuthSecret(config: { auth: { jwtSecret?: string } }, db: DbHandle, warn: (msg: string) => void): Promise<string> {
  if (config.auth.jwtSecret) return config.auth.jwtSecret;
  return db.withSession(async (s) => {
    await s.query(`INSERT INTO app_secrets (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(48).toString('base64url')]);
    const [row] = await s.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'jwt'`);
    warn('JWT_SECRET is not set: using a generated secret stored in the database (set JWT_SECRET in production)');
    return row.value;
  });
}

/**
 * The data encryption key (lib/secretBox.ts): DATA_ENCRYPTION_KEY, or (development and sandbox only; config refuses
 * production without it) one generated at first start and kept in the database beside what it seals.
 */
/** The databases already warned about (partner and KYC both resolve the key: one warning per start). */
const warnedAbout = new WeakSet<DbHandle>();

export async function resolveDataEncryptionKey(config: { dataEncryptionKey?: string }, db: DbHandle, warn: (msg: string) => void): Promise<string> {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  return db.withSession(async (s) => {
    await s.query(`INSERT INTO app_secrets (name, value) VALUES ('data-encryption-key', $1) ON CONFLICT (name) DO NOTHING`, [
      randomBytes(32).toString('base64url'),
    ]);
    const [row] = await s.query<{ value: string }>(`SELECT value FROM app_secrets WHERE name = 'data-encryption-key'`);
    if (!warnedAbout.has(db)) warn('DATA_ENCRYPTION_KEY is not set: using a generated key stored in the database (set DATA_ENCRYPTION_KEY in production)');
    warnedAbout.add(db);
    return row.value;
  });
}
