// Webhooks of the partner API end to end: a partner creates an order with its key, the order completes (sandbox
// deposit + the order job with a short CONFIRMATION_INTERVAL_MS), a local receiver gets every status change signed
// with the webhook's secret (X-Coinferry-Signature t=…,v1=HMAC-SHA256(secret, "<t>.<body>")), a receiver that fails
// twice gets the event on the third try (exponential backoff), one that always fails ends FAILED after the last
// attempt; the owner reads the delivery log. Issue 24: a password reset suspends the webhooks until the key that
// registered each is resumed; an account without a confirmed email gets no deliveries. On PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OrderSchema, OrderWebhookEventSchema, WebhookDeliverySchema, type Order } from 'shared-contracts/server';
import { createSecretBox } from '../src/lib/secretBox';
import { suspendApiKeysAndWebhooksOf } from '../src/modules/keys';
import { queryOf } from '../src/db/query';
import { createWebhookRepo } from '../src/modules/webhooks/repo';
import { checkWebhookUrl, isPublicAddress } from '../src/modules/webhooks/target';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { hmac, startPartnerHarness, type PartnerHarness } from './partnerHarness';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const RETRY_BASE_MS = 150;
const MAX_ATTEMPTS = 4;

interface Received {
  at: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver; `status(eventId, nth)` decides each answer (nth counts this event's requests from 1). */
async function receiver(status: (eventId: string, nth: number) => number) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const eventId = String(req.headers['x-coinferry-event-id']);
      const nth = (seen.get(eventId) ?? 0) + 1;
      seen.set(eventId, nth);
      received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status(eventId, nth);
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/coinferry`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** Checks a delivery as a receiver would: the signature over the raw body with the webhook's secret, a fresh t. */
function verify(r: Received, secret: string) {
  const sig = String(r.headers['x-coinferry-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
  expect(m).not.toBeNull();
  const [, t, v1] = m as RegExpExecArray;
  expect(r.headers['x-coinferry-timestamp']).toBe(t);
  expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
  expect(v1).toBe(hmac(secret, `${t}.${r.body}`));
  expect(r.headers['content-type']).toBe('application/json');
  const event = JSON.parse(r.body);
  expect(event).toMatchObject({ id: r.headers['x-coinferry-event-id'], type: 'order.status_changed', data: { orderId: expect.any(String) } });
  // issue 29: exactly the body the OpenAPI document's `webhooks` section declares (what a generated client types)
  expect(OrderWebhookEventSchema.strict().safeParse(event).error).toBeUndefined();
  return event as { id: string; createdAt: string; data: { orderId: string; eventKind: string; status: string; order: Order } };
}

describe('webhook targets', () => {
  const lookup = (addresses: string[]) => (async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))) as never;
  it('takes only https URLs on public addresses unless private targets are allowed', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/x', false, lookup(['93.184.216.34']))).toBe('https://hooks.example.com/x');
    for (const [url, addresses] of [
      ['http://hooks.example.com/x', ['93.184.216.34']],
      ['https://user:pw@hooks.example.com/x', ['93.184.216.34']],
      ['https://127.0.0.1/x', []],
      ['https://[::1]/x', []],
      ['https://169.254.169.254/latest', []],
      ['https://internal.example.com/x', ['10.1.2.3']],
      ['https://mixed.example.com/x', ['93.184.216.34', '192.168.1.1']],
      ['ftp://hooks.example.com/x', ['93.184.216.34']],
    ] as const) {
      await expect(checkWebhookUrl(url, false, lookup([...addresses]))).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    }
    expect(await checkWebhookUrl('http://127.0.0.1:8080/x', true)).toBe('http://127.0.0.1:8080/x');
    expect(['8.8.8.8', '2606:4700::1111'].every(isPublicAddress)).toBe(true);
    expect(
      ['127.0.0.1', '10.0.0.1', '172.16.0.1', '192.168.0.1', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0'].some(isPublicAddress),
    ).toBe(false);
  });
});

describe.each(BACKENDS)('webhooks on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, {
      CONFIRMATION_INTERVAL_MS: '25',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      WEBHOOK_TIMEOUT_MS: '2000',
    });
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  it('delivers every status change of a completed partner order, signed; retries a failing receiver with backoff; gives up after the last attempt', async () => {
    const owner = await h.signUp();
    const { secret: key } = await h.newKey(owner);
    const good = await receiver(() => 200);
    const flaky = await receiver((_id, nth) => (nth <= 2 ? 500 : 204));
    const broken = await receiver(() => 503);
    try {
      const register = async (url: string) => {
        const r = await h.partner(key, 'POST', '/api/partner/v1/webhooks', { url });
        expect(r.status).toBe(200);
        expect(r.body.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
        return r.body as { id: string; secret: string };
      };
      const goodHook = await register(good.url);
      const flakyHook = await register(flaky.url);
      const brokenHook = await register(broken.url);
      const listed = await h.partner(key, 'GET', '/api/partner/v1/webhooks');
      expect(listed.body).toHaveLength(3);
      expect(JSON.stringify(listed.body)).not.toContain(goodHook.secret);
      // At rest the signing secret is sealed (DATA_ENCRYPTION_KEY), never stored as it was given out.
      const [stored] = await t.handle.withSession((db) => db.query<{ secret: string }>('SELECT secret FROM webhooks WHERE id = $1', [goodHook.id]));
      expect(stored.secret).toMatch(/^v1\./);
      expect(stored.secret).not.toContain(goodHook.secret.slice(6));

      // The order: created with the key, paid through the sandbox deposit endpoint, completed by the order job.
      const created = await h.partner(
        key,
        'POST',
        '/api/partner/v1/orders',
        { rateMode: 'FLOATING', instrumentFrom: BTC, instrumentTo: ETH, destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01' },
        { 'idempotency-key': 'webhook-order' },
      );
      expect(created.status).toBe(200);
      const orderId = OrderSchema.parse(created.body).orderId;
      const dep = await fetch(`${h.api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '0.01' }),
      });
      expect(dep.status).toBe(200);
      const done = await until('the order to complete', async () => {
        const o = (await h.partner(key, 'GET', `/api/partner/v1/orders/${orderId}`)).body as Order;
        return o.orderEvents.some((e) => e.kind === 'WITHDRAWAL_COMPLETED') && o;
      });
      const kinds = done.orderEvents.map((e) => e.kind);
      expect(kinds[0]).toBe('CREATION_END');
      expect(kinds.length).toBeGreaterThanOrEqual(4);

      // Every change reaches the good receiver once, signed with its webhook's secret, in order.
      await until('every event at the good receiver', async () => good.received.length >= kinds.length);
      const events = good.received.map((r) => verify(r, goodHook.secret));
      expect(events.map((e) => e.data.eventKind)).toEqual(kinds);
      expect(new Set(events.map((e) => e.id)).size).toBe(kinds.length);
      expect(events.every((e) => e.data.orderId === orderId && e.data.order.orderId === orderId)).toBe(true);
      // Another webhook's secret does not verify it.
      const first = good.received[0];
      const [, ts] = /^t=(\d+)/.exec(String(first.headers['x-coinferry-signature'])) as RegExpExecArray;
      expect(String(first.headers['x-coinferry-signature'])).not.toContain(hmac(flakyHook.secret, `${ts}.${first.body}`));

      // The flaky receiver: each event answered 500, 500, then 204 → delivered on the third try, same event and body.
      await until('every event at the flaky receiver three times', async () => flaky.received.length >= kinds.length * 3);
      const creation = flaky.received.filter((r) => JSON.parse(r.body).data.eventKind === 'CREATION_END');
      expect(creation).toHaveLength(3);
      for (const r of creation) verify(r, flakyHook.secret);
      expect(new Set(creation.map((r) => r.body)).size).toBe(1);
      expect(new Set(creation.map((r) => r.headers['x-coinferry-event-id'])).size).toBe(1);
      expect(creation[1].at - creation[0].at).toBeGreaterThanOrEqual(RETRY_BASE_MS - 20);
      expect(creation[2].at - creation[1].at).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 20);

      // The delivery log, read by the owner.
      const flakyLog = await until('the flaky deliveries to be delivered', async () => {
        const r = await h.partner(key, 'GET', `/api/partner/v1/webhooks/deliveries?webhookId=${flakyHook.id}`);
        return r.body.length === kinds.length && r.body.every((d: { status: string }) => d.status === 'DELIVERED') && r.body;
      });
      for (const d of flakyLog) {
        expect(WebhookDeliverySchema.parse(d)).toMatchObject({
          webhookId: flakyHook.id,
          orderId,
          attempts: 3,
          lastStatusCode: 204,
          lastError: null,
          nextAttemptAt: null,
        });
        expect(d.deliveredAt).toEqual(expect.any(String));
      }

      // The broken receiver: MAX_ATTEMPTS tries per event, then FAILED with the last status.
      const brokenLog = await until(
        'the broken deliveries to fail',
        async () => {
          const r = await h.partner(key, 'GET', `/api/partner/v1/webhooks/deliveries?webhookId=${brokenHook.id}`);
          return r.body.length === kinds.length && r.body.every((d: { status: string }) => d.status === 'FAILED') && r.body;
        },
        20_000,
      );
      for (const d of brokenLog)
        expect(d).toMatchObject({ attempts: MAX_ATTEMPTS, lastStatusCode: 503, lastError: 'HTTP 503', deliveredAt: null, nextAttemptAt: null });
      expect(broken.received).toHaveLength(kinds.length * MAX_ATTEMPTS);

      // The whole log, newest first, and no more deliveries after the fact.
      const all = await h.partner(key, 'GET', '/api/partner/v1/webhooks/deliveries?limit=200');
      expect(all.body).toHaveLength(kinds.length * 3);
      const ids = all.body.map((d: { id: string }) => Number(d.id.replace('whd_', '')));
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(good.received).toHaveLength(kinds.length);
      expect(h.logLines.join('\n')).not.toContain(goodHook.secret);
    } finally {
      await Promise.all([good.close(), flaky.close(), broken.close()]);
    }
  }, 60_000);

  it('a removed webhook gets nothing more; its log stays readable; another account sees neither', async () => {
    const owner = await h.signUp();
    const { secret: key } = await h.newKey(owner);
    const other = await h.signUp();
    const { secret: otherKey } = await h.newKey(other);
    const rcv = await receiver(() => 200);
    try {
      const hook = (await h.partner(key, 'POST', '/api/partner/v1/webhooks', { url: rcv.url })).body as { id: string };
      const mk = (k: string) =>
        h.partner(
          key,
          'POST',
          '/api/partner/v1/orders',
          { rateMode: 'FLOATING', instrumentFrom: BTC, instrumentTo: ETH, destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01' },
          { 'idempotency-key': k },
        );
      expect((await mk('before-removal')).status).toBe(200);
      await until('the first delivery', async () => rcv.received.length >= 1);
      expect((await h.partner(otherKey, 'GET', `/api/partner/v1/webhooks/deliveries?webhookId=${hook.id}`)).status).toBe(404);
      expect((await h.partner(otherKey, 'POST', '/api/partner/v1/webhooks/delete', { id: hook.id })).status).toBe(404);
      expect((await h.partner(otherKey, 'GET', '/api/partner/v1/webhooks/deliveries')).body).toEqual([]);

      expect((await h.partner(key, 'POST', '/api/partner/v1/webhooks/delete', { id: hook.id })).body).toEqual({ ok: true });
      expect((await h.partner(key, 'GET', '/api/partner/v1/webhooks')).body).toEqual([]);
      expect((await mk('after-removal')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      expect(rcv.received).toHaveLength(1);
      const log = await h.partner(key, 'GET', `/api/partner/v1/webhooks/deliveries?webhookId=${hook.id}`);
      expect(log.body).toEqual([expect.objectContaining({ status: 'DELIVERED', attempts: 1 })]);
    } finally {
      await rcv.close();
    }
  });

  it('a password reset suspends the webhooks: nothing is delivered until the key that registered each is resumed, then the events of the meantime are', async () => {
    const owner = await h.signUp();
    const keyA = await h.newKey(owner, 'a');
    const keyB = await h.newKey(owner, 'b');
    const rcvA = await receiver(() => 200);
    const rcvB = await receiver(() => 200);
    const order = (k: string, idem: string) =>
      h.partner(
        k,
        'POST',
        '/api/partner/v1/orders',
        { rateMode: 'FLOATING', instrumentFrom: BTC, instrumentTo: ETH, destinationAddress: ETH_ADDR, claimedDepositAmount: '0.01' },
        { 'idempotency-key': idem },
      );
    const orderIdsAt = (rcv: { received: Received[] }) => new Set(rcv.received.map((r) => JSON.parse(r.body).data.orderId as string));
    try {
      const hookA = (await h.partner(keyA.secret, 'POST', '/api/partner/v1/webhooks', { url: rcvA.url })).body as { id: string };
      const hookB = (await h.partner(keyB.secret, 'POST', '/api/partner/v1/webhooks', { url: rcvB.url })).body as { id: string };
      expect(await suspendApiKeysAndWebhooksOf(queryOf(t.handle), owner.userId)).toEqual({ keys: 2, webhooks: 2 });
      expect((await h.partner(keyB.secret, 'GET', '/api/partner/v1/webhooks')).status).toBe(403);

      // The owner resumes key B: webhook B (registered with it) is live again, webhook A stays suspended.
      expect((await owner.post('/api/v1/users/resume-api-key', { id: keyB.apiId })).status).toBe(200);
      expect((await h.partner(keyB.secret, 'GET', '/api/partner/v1/webhooks')).body).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: hookA.id, isActive: false }), expect.objectContaining({ id: hookB.id, isActive: true })]),
      );
      const first = (await order(keyB.secret, 'suspended-1')).body.orderId as string;
      await until('webhook B to hear of the first order', async () => orderIdsAt(rcvB).has(first));
      // A second order heard by B means a whole later pass of the delivery job ran: A had its chance at the first.
      const second = (await order(keyB.secret, 'suspended-2')).body.orderId as string;
      await until('webhook B to hear of the second order', async () => orderIdsAt(rcvB).has(second));
      expect(rcvA.received).toEqual([]);
      expect(await t.handle.withSession((db) => db.query('SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1', [hookA.id]))).toEqual([]);

      // Resuming key A resumes webhook A, which then hears of what happened meanwhile.
      expect((await owner.post('/api/v1/users/resume-api-key', { id: keyA.apiId })).status).toBe(200);
      await until('webhook A to hear of both orders', async () => orderIdsAt(rcvA).has(first) && orderIdsAt(rcvA).has(second));
    } finally {
      await Promise.all([rcvA.close(), rcvB.close()]);
    }
  }, 30_000);

  it('the webhooks of an account without a confirmed email, or suspended, are not scanned for deliveries', async () => {
    const repo = createWebhookRepo(queryOf(t.handle), createSecretBox('x'.repeat(32)));
    const owner = await h.signUp();
    const key = await h.newKey(owner);
    const hook = (await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks', { url: 'http://127.0.0.1:9/hook' })).body as { id: string };
    const live = async () => (await repo.liveWebhooks()).map((w) => w.id);
    expect(await live()).toContain(hook.id);
    await t.handle.withSession((db) => db.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [owner.userId]));
    expect(await live()).not.toContain(hook.id);
    await t.handle.withSession((db) => db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [owner.userId]));
    await suspendApiKeysAndWebhooksOf(queryOf(t.handle), owner.userId);
    expect(await live()).not.toContain(hook.id);
    await owner.post('/api/v1/users/resume-api-key', { id: key.apiId });
    expect(await live()).toContain(hook.id);
  });
});
