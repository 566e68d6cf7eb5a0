// The SDK against a real api in sandbox mode, started in-process as the api's partner tests start it
// (api/test/partnerHarness.ts: PGlite, fake prices, a signed-in owner with a confirmed email and an API key):
// quote, create with an Idempotency-Key (the retry answers the same order), read; a signed request accepted and a bad
// or missing signature refused; the partner integration of test/integration/ working first time; a webhook's
// deliveries verified (and a changed one refused), with a test event and a replay; a completed order's receipt verified with the published keys (and
// refused when one byte changes).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDb, type TestDb } from '../../api/test/helpers/testDb';
import { startPartnerHarness, type PartnerHarness } from '../../api/test/partnerHarness';
import {
  createExchangeClient,
  type CreateOrderBody,
  ExchangeApiError,
  newIdempotencyKey,
  type Order,
  ReceiptVerificationError,
  verifyReceipt,
  verifyWebhook,
} from '../src';
import { exchangeOnce } from './integration/partner';

const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const ORDER: CreateOrderBody = {
  rateMode: 'FLOATING',
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: '0.01',
};

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => new Error('not refused'),
    (e: unknown) => e,
  );

/** A webhook receiver on loopback that keeps each delivery's raw body and headers. */
async function receiver() {
  const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/coinferry/webhooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the SDK against the sandbox api', () => {
  let t: TestDb;
  let h: PartnerHarness;
  let owner: Awaited<ReturnType<PartnerHarness['signUp']>>;

  beforeAll(async () => {
    t = await openTestDb('pglite');
    h = await startPartnerHarness(t, { CONFIRMATION_INTERVAL_MS: '25', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_BASE_MS: '150' });
    owner = await h.signUp();
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  it('quotes, creates an order with an Idempotency-Key (a retry answers the same order) and reads it', async () => {
    const key = await h.newKey(owner);
    const client = createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret });
    const quote = await client.quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.01', rateMode: 'FLOATING' });
    expect(quote.instrumentTo.currencyTitle).toBe('ETH');
    expect(Number(quote.amountToGet)).toBeGreaterThan(0);

    const idempotencyKey = newIdempotencyKey();
    const order = await client.createOrder(ORDER, { idempotencyKey });
    const retried = await client.createOrder(ORDER, { idempotencyKey });
    expect(retried.orderId).toBe(order.orderId);
    const other = await client.createOrder(ORDER, { idempotencyKey: newIdempotencyKey() });
    expect(other.orderId).not.toBe(order.orderId);

    const read = await client.getOrder(order.orderId);
    expect(read).toMatchObject({ orderId: order.orderId, destinationAddress: ETH_ADDR });
    expect((await client.listOrders()).items.map((o) => o.orderId).sort()).toEqual([order.orderId, other.orderId].sort());

    const missing = await refusal(client.getOrder('00000000-0000-4000-8000-000000000000'));
    expect(missing).toBeInstanceOf(ExchangeApiError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'ERR_NOT_FOUND' });
  });

  it('signs every partner call with the signing secret: accepted by a key that requires signatures; a bad or missing signature refused', async () => {
    const key = await h.newKey(owner);
    const settings = { apiId: key.apiId, name: 'signed', whiteListIp: [], isActive: true, signatureRequired: true };
    expect((await owner.post('/api/v1/users/update-api-key', settings)).body).toMatchObject({ signatureRequired: true });

    const signed = createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret, secret: key.signingSecret });
    const quote = await signed.quote({ instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.01' });
    expect(Number(quote.amountToGet)).toBeGreaterThan(0);
    const order = await signed.createOrder(ORDER, { idempotencyKey: newIdempotencyKey() });
    expect((await signed.getOrder(order.orderId)).orderId).toBe(order.orderId);

    const unsigned = await refusal(createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret }).getOrder(order.orderId));
    expect(unsigned).toMatchObject({ statusCode: 401, code: 'ERR_UNAUTHORIZED' });
    expect((unsigned as Error).message).toContain('requires signed requests');

    const otherKey = await h.newKey(owner);
    const wrong = await refusal(createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret, secret: otherKey.signingSecret }).getOrder(order.orderId));
    expect(wrong).toMatchObject({ statusCode: 401, code: 'ERR_UNAUTHORIZED' });
    expect((wrong as Error).message).toContain('Signature refused');
    // A clock five minutes and more away is refused too.
    const late = createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret, secret: key.signingSecret, now: () => Date.now() - 301_000 });
    expect(await refusal(late.pairs())).toMatchObject({ statusCode: 401, code: 'ERR_UNAUTHORIZED' });
  });

  it('runs the partner integration written from the docs (generated types + openapi-fetch only) first time, signed', async () => {
    const key = await h.newKey(owner);
    await owner.post('/api/v1/users/update-api-key', { apiId: key.apiId, name: 'integration', whiteListIp: [], isActive: true, signatureRequired: true });
    const { quote, created, retried, read } = await exchangeOnce(
      { baseUrl: h.api.url, apiKey: key.secret, signingSecret: key.signingSecret },
      { from: 'btc', to: 'eth', amount: '0.01', destinationAddress: ETH_ADDR },
    );
    expect(Number(quote.amountToGet)).toBeGreaterThan(0);
    expect(retried.orderId).toBe(created.orderId);
    expect(read.orderId).toBe(created.orderId);
  });

  it('verifies the webhook deliveries of a completed order and then its signed receipt with the published keys', async () => {
    const key = await h.newKey(owner);
    const client = createExchangeClient({ baseUrl: h.api.url, apiKey: key.secret, secret: key.signingSecret });
    const hooks = await receiver();
    try {
      const webhook = await client.webhooks.register(hooks.url);
      expect(webhook.secret).toMatch(/^whsec_/);

      const order = await client.createOrder(ORDER, { idempotencyKey: newIdempotencyKey() });
      const deposit = await fetch(`${h.api.url}/api/v1/sandbox/orders/${order.orderId}/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '0.01' }),
      });
      expect(deposit.status).toBe(200);
      const done = await until('the order to complete', async () => {
        const o: Order = await client.getOrder(order.orderId);
        return o.orderEvents.some((e) => e.kind === 'WITHDRAWAL_COMPLETED') && o;
      });

      // Webhooks: every delivery verifies with the webhook's secret; a changed body or another secret does not.
      const kinds = done.orderEvents.map((e) => e.kind);
      await until('every event at the receiver', async () => hooks.received.length >= kinds.length);
      const events = await Promise.all(hooks.received.map((r) => verifyWebhook(r.body, r.headers, webhook.secret)));
      expect(events.map((e) => e.data.eventKind)).toEqual(kinds);
      expect(events.every((e) => e.type === 'order.status_changed' && e.data.orderId === order.orderId && e.data.order?.orderId === order.orderId)).toBe(true);
      const [first] = hooks.received;
      expect(
        await refusal(
          verifyWebhook(
            first.body.replace(order.orderId, `${order.orderId.slice(0, -1)}${order.orderId.endsWith('0') ? '1' : '0'}`),
            first.headers,
            webhook.secret,
          ),
        ),
      ).toMatchObject({
        reason: 'bad signature',
      });
      expect(await refusal(verifyWebhook(first.body, first.headers, 'whsec_not_this_one'))).toMatchObject({ reason: 'bad signature' });
      expect(await refusal(verifyWebhook(first.body, first.headers, webhook.secret, { now: () => Date.now() + 600_000 }))).toMatchObject({
        reason: 'stale timestamp',
      });

      // A test event on demand and a replayed delivery verify the same way (the replay: the same event again).
      const seen = hooks.received.length;
      await client.webhooks.test(webhook.id);
      await until('the test event', async () => hooks.received.length > seen);
      const test = await verifyWebhook(hooks.received[seen].body, hooks.received[seen].headers, webhook.secret);
      expect(test).toMatchObject({ type: 'webhook.test', data: { orderId: null } });
      const [delivered] = await until('the delivery log', async () => {
        const log = await client.webhooks.deliveries({ webhookId: webhook.id, limit: 200 });
        const done = log.filter((d) => d.eventId === events[0].id && d.status === 'DELIVERED');
        return done.length > 0 && done;
      });
      await client.webhooks.replay(delivered.id);
      await until('the replayed delivery', async () => hooks.received.length > seen + 1);
      expect((await verifyWebhook(hooks.received[seen + 1].body, hooks.received[seen + 1].headers, webhook.secret)).id).toBe(events[0].id);

      // The receipt: verified offline with the JWKS at /.well-known/receipt-keys.json; one changed byte fails it.
      const receipt = await client.receipt({ orderId: order.orderId, destinationAddress: ETH_ADDR });
      const keys = await client.receiptKeys();
      const verified = await verifyReceipt(receipt.jws, keys);
      expect(verified.kid).toBe(receipt.kid);
      expect(verified.payload).toEqual(receipt.payload);
      expect(verified.payload).toMatchObject({ orderId: order.orderId, outcome: 'COMPLETED', rateMode: 'FLOATING' });
      const [head, payload, signature] = receipt.jws.split('.');
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      for (const changed of [`${head}.${flip(payload, 20)}.${signature}`, `${head}.${payload}.${flip(signature, 7)}`]) {
        expect(await refusal(verifyReceipt(changed, keys))).toBeInstanceOf(ReceiptVerificationError);
      }
      // Not before it is finished: a fresh order has no receipt yet.
      const fresh = await client.createOrder(ORDER, { idempotencyKey: newIdempotencyKey() });
      expect(await refusal(client.receipt({ orderId: fresh.orderId, destinationAddress: ETH_ADDR }))).toMatchObject({ code: 'ERR_UNPROCESSABLE_ENTITY' });
    } finally {
      await hooks.close();
    }
  }, 60_000);
});
