// Configuration of the account tests: cheap argon2 (allowed only under NODE_ENV=test), fixed secret, low limits.
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import type { Browser } from './session';

export function testConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    NODE_ENV: 'test',
    // Cheap hashing for speed; config accepts these only under NODE_ENV=test (see config test).
    ARGON2_MEMORY_KIB: '256',
    ARGON2_TIME_COST: '1',
    JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
    RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '5',
    RATE_LIMIT_LOGIN_PER_IP: '8',
    RATE_LIMIT_RESET_PER_ACCOUNT_IP: '8',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...extra,
  });
}

/**
 * Marks the account of `email` as having a confirmed email, as the mailed code would (issue 24: API keys, webhooks, a
 * referral relation and withdrawals need one). Straight in the database: tests of other flows need not read mail.
 */
export async function confirmEmail(db: DbHandle, email: string): Promise<void> {
  await db.withSession((s) =>
    s.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1 AND email_confirmed_at IS NULL', [email.trim().toLowerCase()]),
  );
}

export const TEST_PASSWORD = 'Correct-Horse-42';

/**
 * Registers an account through the api, confirms its email and signs `b` in (a session that has just signed in, so
 * step-up-guarded calls pass for 15 minutes of the api's clock). Returns its email, password and id.
 */
export async function confirmedUser(
  b: Browser,
  db: DbHandle,
  opts: { email?: string; password?: string; fingerprint?: string; referrerAffiliateId?: string } = {},
): Promise<{ email: string; password: string; userId: number }> {
  const email = opts.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = opts.password ?? TEST_PASSWORD;
  const browserFingerprint = opts.fingerprint ?? 'fp';
  const created = await b.post('/api/v1/users/local/create', {
    email,
    password,
    browserFingerprint,
    ...(opts.referrerAffiliateId ? { referrerAffiliateId: opts.referrerAffiliateId } : {}),
  });
  if (created.status !== 200) throw new Error(`register: ${created.status} ${JSON.stringify(created.body)}`);
  await confirmEmail(db, email);
  const login = await b.post('/api/v1/users/local/authenticate', { email, password, browserFingerprint });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const data = await b.get('/api/v1/users/account-data');
  return { email, password, userId: data.body.userId as number };
}
