// Shared set-up of the keys, partner, webhooks and authorisation-matrix tests: an api over real HTTP with the fake
// realtime, signed-in browsers (users and an admin), API keys, and partner calls with x-api-key.
import { createHmac, randomBytes } from 'node:crypto';
import { runAdminCli } from '../src/cli/admin';
import { startApi, type RunningApi } from '../src/main';
import { testConfig } from './helpers/accounts';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { Browser } from './helpers/session';
import type { TestDb } from './helpers/testDb';

export const PASSWORD = 'Correct-Horse-42';

export interface PartnerHarness {
  api: RunningApi;
  /** Distinct X-Forwarded-For per browser. */
  browser(): Browser;
  signUp(opts?: { admin?: boolean }): Promise<Browser & { userId: number; email: string }>;
  newKey(owner: Browser, name?: string): Promise<{ apiId: string; secret: string }>;
  partner(secret: string | undefined, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<PartnerAnswer>;
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
  return {
    api,
    browser,
    logLines,
    async signUp(opts = {}) {
      const email = `${opts.admin ? 'admin' : 'user'}-${randomBytes(5).toString('hex')}@example.com`;
      const b = browser();
      if (opts.admin) {
        const code = await runAdminCli(['create', email], { db: t.handle, config, env: { ADMIN_PASSWORD: PASSWORD }, out: () => undefined });
        if (code !== 0) throw new Error('admin create failed');
      } else {
        const r = await b.post('/api/v1/users/local/create', { email, password: PASSWORD, browserFingerprint: 'fp' });
        if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
      }
      const login = await b.post('/api/v1/users/local/authenticate', { email, password: PASSWORD, browserFingerprint: 'fp' });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
      const userId = (await b.get('/api/v1/users/account-data')).body.userId as number;
      return Object.assign(b, { userId, email });
    },
    async newKey(owner, name = 'test key') {
      const r = await owner.post('/api/v1/users/generate-api-key', { name });
      if (r.status !== 200) throw new Error(`generate: ${r.status} ${JSON.stringify(r.body)}`);
      return { apiId: r.body.apiId, secret: r.body.secret };
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
  };
}
