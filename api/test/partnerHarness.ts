// Shared set-up of the keys, partner, webhooks and authorisation-matrix tests: an api over real HTTP with the fake
// realtime, signed-in browsers (users and an admin, their emails confirmed unless asked otherwise), API keys, and
// partner calls with x-api-key, signed (issue 24) or not.
import { createHmac, randomBytes } from 'node:crypto';
import { runAdminCli } from '../src/cli/admin';
import { startApi, type RunningApi } from '../src/main';
import { requestSignature } from '../src/modules/keys/signature';
import { testConfig } from './helpers/accounts';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import type { TestDb } from './helpers/testDb';

export const PASSWORD = 'Correct-Horse-42';

export interface PartnerHarness {
  api: RunningApi;
  /** Distinct X-Forwarded-For per browser. */
  browser(): Browser;
  /** `unconfirmed`: the account's email is left unconfirmed (issue 24: keys and webhooks then do not work). */
  signUp(opts?: { admin?: boolean; unconfirmed?: boolean }): Promise<Browser & { userId: number; email: string }>;
  newKey(owner: Browser, name?: string): Promise<{ apiId: string; secret: string; signingSecret: string }>;
  partner(secret: string | undefined, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<PartnerAnswer>;
  /** A partner call signed with the key's signing secret (a fresh nonce and the current time unless given). */
  signed(
    key: { secret: string; signingSecret: string },
    method: string,
    path: string,
    body?: unknown,
    opts?: { nonce?: string; timestamp?: number; headers?: Record<string, string> },
  ): Promise<PartnerAnswer & { sent: Record<string, string> }>;
  logLines: string[];
}

export interface PartnerAnswer {
  status: number;
  // As parsed from JSON (the tests read what they check).
  body: ReturnType<typeof JSON.parse>;
  headers: Headers;
}

export const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

let ipSeq = 0;

export async function startPartnerHarness(t: TestDb, env: Record<string, string> = {}, board = new FakePriceBoard(TEST_PRICES)): Promise<PartnerHarness> {
  const config = testConfig({ LOG_LEVEL: 'info', SANDBOX_MODE: 'true', ...env });
  const logLines: string[] = [];
  const api = await startApi(config, {
    db: t.handle,
    realtime: fakeRealtime(board),
    accounts: { rateLimitPrefix: `p${randomBytes(4).toString('hex')}` },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  const browser = () => new Browser(api.url, `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`);
  const harness: PartnerHarness = {
    api,
    browser,
    logLines,
    async signUp(opts = {}) {
      const email = `${opts.admin ? 'admin' : 'user'}-${randomBytes(5).toString('hex')}@example.com`;
      const b = browser();
      const r = await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
      if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
      if (!opts.unconfirmed) {
        await t.handle.withSession((s) => s.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]));
      }
      if (opts.admin) {
        // The CLI makes an existing (confirmed) account an administrator.
        const code = await runAdminCli(['create', email], { db: t.handle, config, env: { ADMIN_PASSWORD: PASSWORD }, out: () => undefined });
        if (code !== 0) throw new Error('admin create failed');
      }
      const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
      const userId = (await b.get('/api/v1/users/account-data')).body.userId as number;
      return Object.assign(b, { userId, email });
    },
    async newKey(owner, name = 'test key') {
      const r = await owner.post('/api/v1/users/generate-api-key', { name });
      if (r.status !== 200) throw new Error(`generate: ${r.status} ${JSON.stringify(r.body)}`);
      return { apiId: r.body.apiId, secret: r.body.secret, signingSecret: r.body.signingSecret };
    },
    async partner(secret, method, path, body, headers = {}) {
      const res = await fetch(api.url + path, {
        method,
        headers: {
          'x-forwarded-for': headers['x-forwarded-for'] ?? '198.51.100.7',
          ...(secret !== undefined ? { 'x-api-key': secret } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    },
    async signed(key, method, path, body, opts = {}) {
      const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
      const nonce = opts.nonce ?? randomBytes(12).toString('hex');
      const sent = {
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': requestSignature(key.signingSecret, { method, pathAndQuery: path, timestamp, nonce, body: raw }),
        ...opts.headers,
      };
      const answer = await harness.partner(key.secret, method, path, body === undefined ? undefined : raw, sent);
      return { ...answer, sent };
    },
  };
  return harness;
}
