// The authorisation matrix of issue 11: every account route of the affiliate and keys groups and every partner route
// of the route table, called by a guest, user A, user B, an admin and A's partner key (plus A's deactivated key and
// A's key from outside its allow-list). Account routes take a session and never a key; partner routes take a key and
// never a session. Nobody reads or changes another's balances, accruals, withdrawals, keys, orders or webhooks. A route
// added to those groups without a row here fails the test. Issue 12 adds the kyc account routes and the admin group
// (every route tagged admin: a guest and a key get 401, users 403 ERR_NOT_ENOUGH_PERMISSIONS, the admin 200) and the
// card provider routes (tag card): each account calls them with its own email and its own provider bearer token, and
// no one's provider token serves another account.
// On PGlite and, with DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { routeTable, type RouteName } from 'shared-contracts/server';
import type { Browser } from './helpers/session';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerAnswer, type PartnerHarness } from './partnerHarness';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const USDT_TRC20 = { currencyTitle: 'USDT', networkTitle: 'TRC20' };
const TEST_TRON = `T${'1'.repeat(33)}`;
const INSIDE = '203.0.113.10';
const OUTSIDE = '198.51.100.99';
const orderBody = { rateMode: 'FLOATING', instrumentFrom: BTC, instrumentTo: ETH, destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01' };

const ACCOUNT_GROUPS = new Set(['affiliate', 'keys', 'kyc', 'card']);
const covered = (Object.entries(routeTable) as [RouteName, { tag: string; auth: string }][])
  .filter(([, meta]) => ACCOUNT_GROUPS.has(meta.tag) || meta.auth === 'partner' || meta.tag === 'admin')
  .map(([name]) => name);
const image = (background: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background } })
    .jpeg()
    .toBuffer();

type UserActor = 'A' | 'B' | 'admin';
type KeyActor = 'keyA' | 'keyB';

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.each(BACKENDS)('authorisation matrix on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  let users: Record<UserActor, Browser & { userId: number; email: string }>;
  /** Each account's card provider bearer token (sandbox provider). */
  let providerTokens: Record<UserActor, string>;
  let keys: Record<KeyActor | 'off' | 'fenced', { apiId: string; secret: string }>;
  /** A's resources every probe aims at. */
  let own: { orderId: string; webhookId: string; deliveryId: string; scratchKeyId: string; deleteKeyId: string; withdrawalId: string; balance: string };
  let verificationId: string;
  const kycDir = mkdtempSync(path.join(tmpdir(), 'matrix-kyc-'));

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, {
      CONFIRMATION_INTERVAL_MS: '25',
      AFFILIATE_COMMISSION: '0.05',
      // issue 24: commission is paid out of the realised spread, at once when there is no hold
      SPREAD_FLOATING: '0.1',
      AFFILIATE_HOLD_DAYS: '0',
      WITHDRAWAL_MIN_USDT: '10',
      WITHDRAWAL_PAYOUT_DELAY_MS: '50',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      HTTP_RATE_LIMITS: 'affiliateWithdraw=1000',
      KYC_STORAGE_DIR: kycDir,
    });
    users = { A: await h.signUp(), B: await h.signUp(), admin: await h.signUp({ admin: true }) };
    keys = {
      keyA: await h.newKey(users.A, 'A main'),
      keyB: await h.newKey(users.B, 'B main'),
      off: await h.newKey(users.A, 'A off'),
      fenced: await h.newKey(users.A, 'A fenced'),
    };
    await users.A.post('/api/v1/users/update-api-key', { apiId: keys.off.apiId, name: 'A off', whiteListIp: [], isActive: false });
    await users.A.post('/api/v1/users/update-api-key', { apiId: keys.fenced.apiId, name: 'A fenced', whiteListIp: ['203.0.113.0/24'], isActive: true });
    const scratch = await h.newKey(users.A, 'A scratch');
    const doomed = await h.newKey(users.A, 'A doomed');

    // A's partner order completes and earns A the commission; A withdraws part of it.
    const created = await h.partner(keys.keyA.secret, 'POST', '/api/partner/v1/orders', orderBody, { 'idempotency-key': 'matrix-a' });
    expect(created.status).toBe(200);
    const orderId = created.body.orderId as string;
    const hook = await h.partner(keys.keyA.secret, 'POST', '/api/partner/v1/webhooks', { url: 'http://127.0.0.1:9/a' });
    const dep = await fetch(`${h.api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.01' }),
    });
    expect(dep.status).toBe(200);
    await until('A’s commission', async () => {
      const r = await users.A.get('/api/v1/affiliates/balances');
      return r.body?.some((b: { amount: string }) => Number(b.amount) >= 20);
    });
    const w = await users.A.post('/api/v1/affiliates/withdrawals', { ...USDT_TRC20, address: TEST_TRON, amount: '10' }, { 'idempotency-key': 'matrix-w' });
    expect(w.status).toBe(200);
    const balance = (await users.A.get('/api/v1/affiliates/balances')).body;
    // A's identity verification, the target of the admin KYC probes.
    const kyc = new FormData();
    for (const [k, v] of Object.entries({
      residenceCountry: 'DE',
      firstName: 'A',
      lastName: 'A',
      issueCountry: 'DE',
      birthDate: '1990-01-01',
      identityNumber: 'A1',
    }))
      kyc.append(k, v);
    for (const [k, c] of [
      ['facePhoto', '#111'],
      ['frontPhoto', '#222'],
      ['backendPhoto', '#333'],
    ])
      kyc.append(k, new Blob([new Uint8Array(await image(c))]), `${k}.jpg`);
    const cookie = [...users.A.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const submitted = await fetch(`${h.api.url}/api/v1/users/kyc/submit`, { method: 'POST', headers: { cookie, 'x-forwarded-for': users.A.ip }, body: kyc });
    expect(submitted.status).toBe(200);
    verificationId = (await users.admin.get('/api/v1/admin/kyc')).body.items[0].verificationId;
    // Every account signs up and in with the sandbox card provider.
    const tokens: Partial<Record<UserActor, string>> = {};
    for (const who of ['A', 'B', 'admin'] as const) {
      const u = users[who];
      expect((await u.post('/api/v1/liquidity-providers/sandbox/user/sign-up', { accept: true, email: u.email })).status).toBe(200);
      tokens[who] = (await u.post('/api/v1/liquidity-providers/sandbox/user/sign-in', { email: u.email })).body.token;
    }
    providerTokens = tokens as Record<UserActor, string>;
    // Issue 29: a delivery of A's webhook, the target of the replay probes (its test event).
    const test = await h.partner(keys.keyA.secret, 'POST', '/api/partner/v1/webhooks/test', { id: hook.body.id });
    expect(test.status).toBe(200);
    own = {
      orderId,
      webhookId: hook.body.id,
      deliveryId: test.body.id,
      scratchKeyId: scratch.apiId,
      deleteKeyId: doomed.apiId,
      withdrawalId: w.body.id,
      balance: JSON.stringify(balance.map((b: { amount: string; currencyTitle: string }) => [b.currencyTitle, b.amount])),
    };
  }, 90_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
    rmSync(kycDir, { recursive: true, force: true });
  });

  /** One request per route, always aimed at A's resources (card provider calls: the caller's own email and token). */
  const probe = (name: RouteName, caller: UserActor = 'A'): Probe => {
    const { method, path: pattern } = routeTable[name];
    const path = pattern.replace(':provider', 'sandbox');
    const provider = { authorization: `Bearer ${providerTokens[caller]}` };
    const idem = { 'idempotency-key': randomBytes(6).toString('hex') };
    const probes: Partial<Record<RouteName, Omit<Probe, 'method'>>> = {
      affiliateWithdraw: { path, body: { ...USDT_TRC20, address: TEST_TRON, amount: '10' }, headers: idem },
      generateApiKey: { path, body: { name: 'matrix' } },
      updateApiKey: { path, body: { apiId: own.scratchKeyId, name: 'renamed by owner', whiteListIp: [], isActive: true } },
      deleteApiKey: { path, body: { apiId: own.deleteKeyId } },
      partnerRate: { path: `${path}?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.01&rateMode=FLOATING` },
      partnerOrderCreate: { path, body: orderBody, headers: idem },
      partnerOrder: { path: path.replace(':orderId', own.orderId) },
      partnerWebhookCreate: { path, body: { url: 'http://127.0.0.1:9/matrix' } },
      partnerWebhookDelete: { path, body: { id: own.webhookId } },
      partnerWebhookDeliveries: { path: `${path}?webhookId=${own.webhookId}` },
      // Issue 29: the customer's choices with the key (A's order is completed: served, and refused as 422 by its state).
      partnerOrderRefundInfo: { path: path.replace(':orderId', own.orderId) },
      partnerOrderRequestRefund: {
        path: path.replace(':orderId', own.orderId),
        body: { refundAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', refundAmount: '0.001', claimedNetworkFee: '0.0001' },
      },
      partnerOrderAcceptRate: { path: path.replace(':orderId', own.orderId), body: {} },
      partnerWebhookTest: { path, body: { id: own.webhookId } },
      partnerWebhookDeliveryReplay: { path, body: { id: own.deliveryId } },
      adminRedirectAdd: { path, body: { path: '/matrix-redirect', to: '/' } },
      adminRedirectDelete: { path, body: { path: '/matrix-redirect' } },
      adminKycGet: { path: path.replace(':verificationId', verificationId) },
      adminKycDocument: { path: path.replace(':verificationId', verificationId).replace(':kind', 'face') },
      adminKycTake: { path, body: { verificationId } },
      adminKycDecide: { path, body: { verificationId, decision: 'REJECT', rejectReason: 'matrix' } },
      // The first incident of this run's fresh database is id 1 (created by the admin's adminIncidentCreate probe).
      adminIncidentCreate: { path, body: { title: 'Matrix incident', body: 'Posted by the matrix', severity: 'minor' } },
      adminIncidentUpdate: { path, body: { id: '1', state: 'resolved' } },
      // Issue 29: likewise the first network incident is id 1 (the admin's adminNetworkIncidentOpen probe).
      adminNetworkIncidentOpen: {
        path,
        body: { networkTitle: 'BTC', scope: 'deposits', state: 'delayed', title: 'Matrix incident', body: 'Posted by the matrix' },
      },
      adminNetworkIncidentUpdate: { path, body: { id: '1', state: 'resolved', body: 'Resolved by the matrix' } },
      providerSignUp: { path, body: { accept: true, email: users[caller].email } },
      providerSignIn: { path, body: { email: users[caller].email } },
      providerContacts: { path, headers: provider },
      providerKycStatus: { path, headers: provider },
      providerKycAccessToken: { path, headers: provider },
    };
    const p = probes[name] ?? { path };
    expect(p.path.includes(':')).toBe(false);
    return { method, ...p, body: p.body ?? (method === 'POST' ? {} : undefined) };
  };

  const asUser = (who: UserActor | 'guest', p: Probe, extra: Record<string, string> = {}) =>
    (who === 'guest' ? h.browser() : users[who]).call(p.method, p.path, p.body, { ...p.headers, ...extra });
  const asKey = (secret: string | undefined, p: Probe, ip = '192.0.2.50', cookiesOf?: Browser) => {
    const cookie = cookiesOf ? [...cookiesOf.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') : undefined;
    return h.partner(secret, p.method, p.path, p.body, { ...p.headers, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });
  };
  const code = (r: { status: number; body: unknown }) => `${r.status} ${(r.body as { code?: string } | undefined)?.code ?? ''}`.trim();

  it('covers every affiliate, keys and kyc account route, every partner route and every admin route', () => {
    expect(covered.length).toBeGreaterThanOrEqual(7 + 4 + 2 + 10 + 7);
    for (const name of covered) expect(() => probe(name)).not.toThrow();
  });

  describe('admin routes', () => {
    const adminRoutes = covered.filter((n) => routeTable[n].tag === 'admin');
    // Changes last (the redirect added before it is removed, the decision after every read).
    const ordered = [
      ...adminRoutes.filter((n) => routeTable[n].method === 'GET'),
      ...([
        'adminRedirectAdd',
        'adminRedirectDelete',
        'adminKycTake',
        'adminKycDecide',
        'adminIncidentCreate',
        'adminIncidentUpdate',
        'adminNetworkIncidentOpen',
        'adminNetworkIncidentUpdate',
      ] as const),
    ];

    it('are refused to a guest and a partner key (401) and to users (403 ERR_NOT_ENOUGH_PERMISSIONS), served to the admin', async () => {
      expect([...ordered].sort()).toEqual([...adminRoutes].sort());
      for (const name of ordered) {
        expect([name, code(await asUser('guest', probe(name)))]).toEqual([name, '401 ERR_UNAUTHORIZED']);
        expect([name, code(await asKey(keys.keyA.secret, probe(name)))]).toEqual([name, '401 ERR_UNAUTHORIZED']);
        for (const who of ['A', 'B'] as const) {
          expect([name, who, code(await asUser(who, probe(name)))]).toEqual([name, who, '403 ERR_NOT_ENOUGH_PERMISSIONS']);
        }
      }
      expect((await users.A.get('/api/v1/users/kyc/status')).body.status).toBe('CREATED');
      // Status only: the document answer is a JPEG, not JSON.
      const cookie = [...users.admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
      for (const name of ordered) {
        const p = probe(name);
        const res = await fetch(h.api.url + p.path, {
          method: p.method,
          headers: { cookie, 'x-forwarded-for': users.admin.ip, ...(p.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: p.body === undefined ? undefined : JSON.stringify(p.body),
        });
        expect([name, res.status, res.headers.get('cache-control')]).toEqual([name, 200, 'no-store']);
      }
      expect((await users.A.get('/api/v1/users/kyc/status')).body).toEqual({ status: 'REJECT', rejectReason: 'matrix' });
    });
  });

  describe('account routes (affiliate, keys, kyc)', () => {
    const accountRoutes = covered.filter((n) => routeTable[n].auth !== 'partner' && routeTable[n].tag !== 'admin');

    it('are refused to a guest and to a partner key without a session (401), and served to every signed-in account', async () => {
      for (const name of accountRoutes) {
        expect([name, code(await asUser('guest', probe(name)))]).toEqual([name, '401 ERR_UNAUTHORIZED']);
        expect([name, code(await asKey(keys.keyA.secret, probe(name)))]).toEqual([name, '401 ERR_UNAUTHORIZED']);
        for (const who of ['B', 'admin'] as const) {
          const r = await asUser(who, probe(name, who));
          expect([name, who, r.status === 401 || r.status === 403]).toEqual([name, who, false]);
        }
      }
    });

    it("never show A's balances, accruals, withdrawals or keys to B or the admin", async () => {
      for (const who of ['B', 'admin'] as const) {
        const b = users[who];
        expect((await b.get('/api/v1/affiliates/balances')).body.filter((x: { amount: string }) => Number(x.amount) > 0)).toEqual([]);
        expect((await b.get('/api/v1/affiliates/accruals')).body).toEqual([]);
        expect((await b.get('/api/v1/affiliates/cashbacks')).body).toEqual([]);
        expect((await b.get('/api/v1/affiliates/withdrawals')).body).toEqual([]);
        const theirKeys = (await b.get('/api/v1/users/list-api-key')).body.map((k: { apiId: string }) => k.apiId);
        for (const k of [keys.keyA, keys.off, keys.fenced]) expect(theirKeys).not.toContain(k.apiId);
        expect((await b.get('/api/v1/affiliates/referrer-id')).body.referrerId).not.toBe((await users.A.get('/api/v1/affiliates/referrer-id')).body.referrerId);
      }
      expect((await users.A.get('/api/v1/affiliates/accruals')).body.length).toBeGreaterThan(0);
      expect((await users.A.get('/api/v1/affiliates/withdrawals')).body.map((x: { id: string }) => x.id)).toContain(own.withdrawalId);
    });

    it("never serve A's card provider session to B or the admin (403), nor sign them in with A's email", async () => {
      for (const who of ['B', 'admin'] as const) {
        for (const name of ['providerContacts', 'providerKycStatus', 'providerKycAccessToken'] as const) {
          expect([name, who, code(await asUser(who, probe(name, 'A')))]).toEqual([name, who, '403 ERR_FORBIDDEN']);
        }
        expect(code(await asUser(who, probe('providerSignIn', 'A')))).toBe('400 ERR_VALIDATION');
      }
      expect((await asUser('A', probe('providerContacts'))).status).toBe(200);
    });

    it("never let B or the admin change A's keys or spend A's balance", async () => {
      for (const who of ['B', 'admin'] as const) {
        expect(code(await asUser(who, probe('updateApiKey')))).toBe('404 ERR_NOT_FOUND');
        expect(code(await asUser(who, probe('deleteApiKey')))).toBe('404 ERR_NOT_FOUND');
        expect(code(await asUser(who, probe('affiliateWithdraw')))).toBe('404 ERR_BALANCE_NOT_FOUND');
      }
      const balance = (await users.A.get('/api/v1/affiliates/balances')).body;
      expect(JSON.stringify(balance.map((b: { amount: string; currencyTitle: string }) => [b.currencyTitle, b.amount]))).toBe(own.balance);
      const listed = (await users.A.get('/api/v1/users/list-api-key')).body;
      expect(listed.map((k: { apiId: string }) => k.apiId)).toEqual(expect.arrayContaining([own.scratchKeyId, own.deleteKeyId]));
      expect(listed.find((k: { apiId: string }) => k.apiId === own.scratchKeyId).name).toBe('A scratch');
      // The owner can.
      expect((await asUser('A', probe('updateApiKey'))).status).toBe(200);
      expect((await asUser('A', probe('deleteApiKey'))).status).toBe(200);
    });
  });

  describe('partner routes', () => {
    const partnerRoutes = covered.filter((n) => routeTable[n].auth === 'partner');
    const reads = partnerRoutes.filter((n) => routeTable[n].method === 'GET');

    it('are refused without a key (guest, user A, admin: 401), with a deactivated key or from outside the allow-list (403)', async () => {
      for (const name of partnerRoutes) {
        const p = probe(name);
        const expectCode = async (label: string, r: Promise<PartnerAnswer>, want: string) => expect([name, label, code(await r)]).toEqual([name, label, want]);
        await expectCode('guest', asKey(undefined, p), '401 ERR_UNAUTHORIZED');
        await expectCode('A by session', asKey(undefined, p, '192.0.2.50', users.A), '401 ERR_UNAUTHORIZED');
        await expectCode('admin by session', asKey(undefined, p, '192.0.2.50', users.admin), '401 ERR_UNAUTHORIZED');
        await expectCode('deactivated key', asKey(keys.off.secret, p), '403 ERR_FORBIDDEN');
        await expectCode('key outside its allow-list', asKey(keys.fenced.secret, p, OUTSIDE), '403 ERR_FORBIDDEN');
        await expectCode('unknown key', asKey(`${keys.keyA.secret.slice(0, -1)}${keys.keyA.secret.endsWith('x') ? 'y' : 'x'}`, p), '401 ERR_UNAUTHORIZED');
      }
      // Inside its allow-list the fenced key works as any of A's keys.
      // (refund-info of A's completed order is served and refused by its state: 422)
      for (const name of reads) {
        expect([name, (await asKey(keys.fenced.secret, probe(name), INSIDE)).status]).toEqual([name, name === 'partnerOrderRefundInfo' ? 422 : 200]);
      }
    });

    it("never show or change A's orders and webhooks through B's key", async () => {
      const kb = keys.keyB.secret;
      expect(code(await asKey(kb, probe('partnerOrder')))).toBe('404 ERR_NOT_FOUND');
      expect(code(await asKey(kb, probe('partnerWebhookDeliveries')))).toBe('404 ERR_NOT_FOUND');
      expect(code(await asKey(kb, probe('partnerWebhookDelete')))).toBe('404 ERR_NOT_FOUND');
      for (const name of [
        'partnerOrderRefundInfo',
        'partnerOrderRequestRefund',
        'partnerOrderAcceptRate',
        'partnerWebhookTest',
        'partnerWebhookDeliveryReplay',
      ] as const) {
        expect([name, code(await asKey(kb, probe(name)))]).toEqual([name, '404 ERR_NOT_FOUND']);
      }
      const orders = (await asKey(kb, probe('partnerOrders'))).body;
      expect(orders.items.map((o: { orderId: string }) => o.orderId)).not.toContain(own.orderId);
      expect((await asKey(kb, probe('partnerWebhooks'))).body.map((w: { id: string }) => w.id)).not.toContain(own.webhookId);
      expect((await h.partner(kb, 'GET', '/api/partner/v1/webhooks/deliveries')).body).toEqual([]);
      // B's own calls work.
      for (const name of ['partnerInstruments', 'partnerPairs', 'partnerRate', 'partnerOrderCreate', 'partnerWebhookCreate'] as const) {
        expect([name, (await asKey(kb, probe(name))).status]).toEqual([name, 200]);
      }
    });

    it("serve A's key every partner route, A's order and webhook included", async () => {
      const ka = keys.keyA.secret;
      // The removal last: the probes before it read the webhook.
      // Served, but refused by the state of A's completed order or of a delivery still pending (issue 29).
      const byState = new Set<RouteName>(['partnerOrderRefundInfo', 'partnerOrderRequestRefund', 'partnerOrderAcceptRate', 'partnerWebhookDeliveryReplay']);
      for (const name of [...partnerRoutes.filter((n) => n !== 'partnerWebhookDelete'), 'partnerWebhookDelete' as const]) {
        const r = await asKey(ka, probe(name));
        if (byState.has(name)) expect([name, [200, 422].includes(r.status)]).toEqual([name, true]);
        else expect([name, r.status]).toEqual([name, 200]);
        expect(r.headers.get('ratelimit-limit')).not.toBeNull();
      }
      expect((await asKey(ka, probe('partnerOrders'))).body.items.map((o: { orderId: string }) => o.orderId)).toContain(own.orderId);
    });
  });
});
