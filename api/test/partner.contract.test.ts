// Issue 29, "the partner contract, exact": what the OpenAPI document (the one a generated client is made from) says of
// the partner API, compared with what the server answers — the status field and the enums of an order, the typed
// Idempotency-Key and signature headers, PositiveMoney, the error examples (the server's own messages), 415 for a
// text body, no-store and RateLimit-* on every answer to a key, no card quotes, refunds and new rates with the key,
// the webhooks' test event, status filter, replay and cancelled deliveries, and /health's version. On PGlite and,
// with DATABASE_URL, on PostgreSQL.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  TestWebhookEventSchema,
  buildOpenApiDocument,
  OrderSchema,
  ORDER_EVENT_REASONS,
  ORDER_NEXT_STEPS,
  ORDER_STATUSES as CONTRACT_ORDER_STATUSES,
  PARTNER_ERROR_MESSAGES,
  WebhookDeliverySchema,
} from 'shared-contracts/server';
import { REPO_ROOT } from '../src/config';
import { ORDER_STATUSES } from '../src/modules/orders';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';
import { startPartnerHarness, type PartnerAnswer, type PartnerHarness } from './partnerHarness';

// biome-ignore lint/suspicious/noExplicitAny: the generated document is read as plain JSON
type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const op = (method: string, path: string): Json => doc.paths[path][method];
const schema = (name: string): Json => doc.components.schemas[name];
/** The example message the document gives for this status and code of an operation. */
const exampleMessage = (o: Json, status: number, code: string): string => o.responses[String(status)].content['application/json'].examples[code].value.message;
const partnerOps = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([, o]) => o.tags?.includes('partner'))
    .map(([method, o]) => ({ path, method, o })),
);

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const order = (over: Record<string, unknown> = {}) => ({
  rateMode: 'FLOATING',
  instrumentFrom: BTC,
  instrumentTo: ETH,
  destinationAddress: ETH_ADDR,
  claimedDepositAmount: '0.01',
  ...over,
});

const until = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the OpenAPI document of the partner API', () => {
  it('declares Idempotency-Key and the request-signature headers as typed header parameters', () => {
    expect(partnerOps.length).toBeGreaterThan(10);
    for (const { o } of partnerOps) {
      const headers = (o.parameters as Json[]).filter((p) => p.in === 'header');
      expect(headers.map((p) => p.name)).toEqual(expect.arrayContaining(['X-Signature', 'X-Timestamp', 'X-Nonce']));
      for (const p of headers) expect(p.schema.type).toBe('string');
    }
    const idem = (op('post', '/api/partner/v1/orders').parameters as Json[]).find((p) => p.name === 'Idempotency-Key');
    expect(idem).toMatchObject({ in: 'header', required: true, schema: { type: 'string', maxLength: 128 } });
  });

  it('gives an order its status and its events enums of reason and next step', () => {
    const orderSchema = schema('Order');
    expect(orderSchema.required).toContain('status');
    expect(schema('OrderStatus').enum).toEqual([...ORDER_STATUSES]);
    // The api's lifecycle and the contract name the same states.
    expect([...CONTRACT_ORDER_STATUSES]).toEqual([...ORDER_STATUSES]);
    expect(schema('OrderEventReason').enum).toEqual(Object.values(ORDER_EVENT_REASONS));
    expect(schema('OrderNextStep').enum).toEqual(Object.values(ORDER_NEXT_STEPS));
  });

  it('refuses zero and negative amounts in the schema (PositiveMoney)', () => {
    const body = schema('PartnerCreateOrderRequestInput');
    expect(body.properties.claimedDepositAmount).toEqual({ $ref: '#/components/schemas/PositiveMoneyInput' });
    const pattern = new RegExp(schema('PositiveMoneyInput').pattern);
    for (const ok of ['1', '0.01', '10.5', '0.00000001']) expect(pattern.test(ok)).toBe(true);
    for (const bad of ['0', '0.0', '-1', '-0.01', '00', '1e3', '']) expect(pattern.test(bad)).toBe(false);
  });

  it('lists 415 for a body of another content type on every partner POST, and RateLimit headers on their 200s', () => {
    for (const { method, o } of partnerOps) {
      expect(o.responses['200'].headers).toHaveProperty('RateLimit-Remaining');
      if (method === 'post') expect(o.responses['415']).toBeDefined();
    }
  });
});

describe.each(BACKENDS)('the partner API answers as its document says, on %s', (backend) => {
  let t: TestDb;
  let h: PartnerHarness;
  let key: { apiId: string; secret: string; signingSecret: string };

  beforeAll(async () => {
    t = await openTestDb(backend);
    h = await startPartnerHarness(t, {
      PARTNER_RATE_LIMIT_PER_MINUTE: '500',
      CONFIRMATION_INTERVAL_MS: '25',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_BASE_MS: '1500',
      WEBHOOK_MAX_ATTEMPTS: '2',
    });
    key = await h.newKey(await h.signUp());
  }, 60_000);
  afterAll(async () => {
    await h?.api.close();
    await t?.drop();
  });

  const expectKeyHeaders = (r: PartnerAnswer) => {
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('ratelimit-limit')).toBe('500');
    expect(r.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  };

  it('answers the documented messages of its errors, word for word', async () => {
    const create = op('post', '/api/partner/v1/orders');
    const none = await h.partner(undefined, 'GET', '/api/partner/v1/orders');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(exampleMessage(create, 401, 'ERR_UNAUTHORIZED'));
    expect(none.headers.get('cache-control')).toBe('no-store');

    const noKey = await h.partner(key.secret, 'POST', '/api/partner/v1/orders', order());
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ code: 'ERR_VALIDATION', message: exampleMessage(create, 400, 'ERR_VALIDATION') });

    const card = await h.partner(key.secret, 'GET', '/api/partner/v1/rates?instrumentFromSlug=usd&instrumentToSlug=btc&exchangeType=fiat');
    expect(card.status).toBe(406);
    expect(card.body.message).toBe(exampleMessage(op('get', '/api/partner/v1/rates'), 406, 'ERR_NOT_ACCEPTABLE'));
    expect(card.body.message).toBe(PARTNER_ERROR_MESSAGES.cardPurchases);

    const unknown = await h.partner(key.secret, 'GET', '/api/partner/v1/orders/ord_123');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(exampleMessage(op('get', '/api/partner/v1/orders/{orderId}'), 404, 'ERR_NOT_FOUND'));
    expectKeyHeaders(unknown);

    // The 429's text has the documented form (its seconds vary).
    const tooMany = exampleMessage(create, 429, 'ERR_TOO_MANY_REQUESTS');
    expect(tooMany).toMatch(/^Too many requests with this API key; retry in \d+ s$/);

    const owner = await h.signUp();
    const off = await h.newKey(owner);
    expect((await owner.post('/api/v1/users/update-api-key', { apiId: off.apiId, name: 'off', whiteListIp: [], isActive: false })).status).toBe(200);
    const refused = await h.partner(off.secret, 'GET', '/api/partner/v1/pairs');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(exampleMessage(create, 403, 'ERR_FORBIDDEN'));
  });

  it('answers 415 to a text body, 400 to malformed JSON and 400 to zero or negative amounts, each no-store with RateLimit headers', async () => {
    const text = await h.partner(key.secret, 'POST', '/api/partner/v1/orders', 'hello', { 'content-type': 'text/plain', 'idempotency-key': 'txt-1' });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ statusCode: 415, code: 'ERR_BAD_REQUEST' });
    expectKeyHeaders(text);
    const broken = await h.partner(key.secret, 'POST', '/api/partner/v1/orders', '{"rateMode":', { 'idempotency-key': 'json-1' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('ERR_BAD_REQUEST');
    expectKeyHeaders(broken);
    for (const amount of ['0', '-0.5']) {
      const r = await h.partner(key.secret, 'POST', '/api/partner/v1/orders', order({ claimedDepositAmount: amount }), { 'idempotency-key': `amt-${amount}` });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'ERR_VALIDATION', fields: { claimedDepositAmount: expect.any(String) } });
      expectKeyHeaders(r);
    }
    const ok = await h.partner(key.secret, 'GET', '/api/partner/v1/pairs');
    expect(ok.status).toBe(200);
    expectKeyHeaders(ok);
    // "Crypto pairs only": no pair of the partner API has a card (fiat) sender.
    expect(ok.body.every((p: { fromSlug: string }) => !['usd', 'eur'].includes(p.fromSlug))).toBe(true);
  });

  it('sends the typed headers a generated client sends: a signed order with its Idempotency-Key carries its status', async () => {
    const r = await h.signed(key, 'POST', '/api/partner/v1/orders', order(), { headers: { 'Idempotency-Key': 'typed-1' } });
    expect(r.status).toBe(200);
    const created = OrderSchema.parse(r.body);
    expect(created.status).toBe('AWAITING_DEPOSIT');
    expect(created.orderEvents[0]).toMatchObject({ kind: 'CREATION_END' });
  });

  /** A FIXED order paid short, so it waits for the choice (FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED). */
  async function awaitingDecision(idempotencyKey: string): Promise<string> {
    const r = await h.partner(
      key.secret,
      'POST',
      '/api/partner/v1/orders',
      order({ rateMode: 'FIXED', refundAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }),
      {
        'idempotency-key': idempotencyKey,
      },
    );
    expect(r.status).toBe(200);
    const orderId = r.body.orderId as string;
    const dep = await fetch(`${h.api.url}/api/v1/sandbox/orders/${orderId}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '0.008' }),
    });
    expect(dep.status).toBe(200);
    await until('the choice', async () => (await h.partner(key.secret, 'GET', `/api/partner/v1/orders/${orderId}`)).body?.status === 'AWAITING_DECISION');
    return orderId;
  }

  it('lets the partner request a refund and accept a new rate with its key, by the customer’s rules', async () => {
    const [refunded, accepted] = await Promise.all([awaitingDecision('choice-refund'), awaitingDecision('choice-accept')]);
    const problem = (await h.partner(key.secret, 'GET', `/api/partner/v1/orders/${refunded}`)).body;
    expect(problem.orderEvents.map((e: { kind: string }) => e.kind)).toContain('FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED');
    expect(problem.orderEvents.find((e: { reason?: string }) => e.reason)).toMatchObject({
      reason: 'DEPOSIT_BELOW_CLAIMED_AMOUNT',
      nextStep: 'CHOOSE_REFUND_OR_ACCEPT_NEW_RATE',
    });

    const info = await h.partner(key.secret, 'GET', `/api/partner/v1/orders/${refunded}/refund-info`);
    expect(info.status).toBe(200);
    // Amounts other than the refund info's are refused (422), as for the customer.
    const wrong = await h.partner(key.secret, 'POST', `/api/partner/v1/orders/${refunded}/request-refund`, {
      refundAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      refundAmount: '1',
      claimedNetworkFee: info.body.networkFee,
    });
    expect(wrong.status).toBe(422);
    const refund = await h.partner(key.secret, 'POST', `/api/partner/v1/orders/${refunded}/request-refund`, {
      refundAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      refundAmount: info.body.refundAmountWithoutNetworkFee,
      claimedNetworkFee: info.body.networkFee,
    });
    expect(refund.status).toBe(200);
    // the refund is taken; the order job may already have moved it on by the time the answer is built
    expect(['REFUND_REQUESTED', 'REFUNDING', 'REFUNDED']).toContain(OrderSchema.parse(refund.body).status);
    expect(OrderSchema.parse(refund.body).orderEvents.map((e) => e.kind)).toContain('REFUND_REQUESTED');

    const offer = (await h.partner(key.secret, 'GET', `/api/partner/v1/orders/${accepted}`)).body.orderDetails.offeredRate;
    const accept = await h.partner(key.secret, 'POST', `/api/partner/v1/orders/${accepted}/accept-rate-mode-change`, { offeredAmountToGet: offer.amountToGet });
    expect(accept.status).toBe(200);
    expect(accept.body.orderEvents.map((e: { kind: string }) => e.kind)).toContain('RATE_MODE_CHANGE_ACCEPTED');
    expect(['EXCHANGING', 'WITHDRAWING', 'COMPLETED']).toContain(accept.body.status);

    // Another partner's key does not reach them.
    const other = await h.newKey(await h.signUp());
    expect((await h.partner(other.secret, 'GET', `/api/partner/v1/orders/${accepted}/refund-info`)).status).toBe(404);
    expect((await h.partner(other.secret, 'POST', `/api/partner/v1/orders/${accepted}/accept-rate-mode-change`, {})).status).toBe(404);
  }, 60_000);

  it('sends a test event on demand, filters the deliveries by status, replays one, and cancels a removed webhook’s pending ones', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let answer = 500;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.statusCode = answer;
        res.end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const hook = await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks', { url });
      expect(hook.status).toBe(200);
      const test = await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/test', { id: hook.body.id });
      expect(test.status).toBe(200);
      const queued = WebhookDeliverySchema.parse(test.body);
      expect(queued).toMatchObject({ eventType: 'webhook.test', orderId: null, webhookId: hook.body.id });
      // The receiver fails it twice (WEBHOOK_MAX_ATTEMPTS 2): FAILED.
      const deliveriesOf = async (status?: string) =>
        (await h.partner(key.secret, 'GET', `/api/partner/v1/webhooks/deliveries?webhookId=${hook.body.id}${status ? `&status=${status}` : ''}`)).body as {
          id: string;
          status: string;
        }[];
      await until('FAILED', async () => (await deliveriesOf('FAILED')).some((d) => d.id === queued.id));
      expect(received[0].headers['x-coinferry-event-id']).toBe(queued.eventId);
      expect(JSON.parse(received[0].body)).toMatchObject({ id: queued.eventId, type: 'webhook.test' });
      // the body the document's `webhooks` section declares for it
      expect(TestWebhookEventSchema.strict().safeParse(JSON.parse(received[0].body)).error).toBeUndefined();
      expect(await deliveriesOf('DELIVERED')).toEqual([]);

      // Replayed: the same event, delivered this time.
      answer = 200;
      const replay = await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/deliveries/replay', { id: queued.id });
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ id: queued.id, eventId: queued.eventId });
      await until('DELIVERED', async () => (await deliveriesOf('DELIVERED')).some((d) => d.id === queued.id));
      expect(received.at(-1)?.headers['x-coinferry-event-id']).toBe(queued.eventId);
      const again = await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/deliveries/replay', { id: 'whd_999999999' });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(
        exampleMessage(op('post', '/api/partner/v1/webhooks/deliveries/replay'), 404, 'ERR_NOT_FOUND').replace('whd_123', 'whd_999999999'),
      );

      // A failing receiver's pending retry is cancelled when the webhook is removed.
      answer = 500;
      const pending = (await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/test', { id: hook.body.id })).body.id as string;
      await until('a failed first attempt', async () => received.filter((r) => JSON.parse(r.body).type === 'webhook.test').length >= 4);
      expect((await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/delete', { id: hook.body.id })).status).toBe(200);
      const after = await deliveriesOf();
      expect(after.find((d) => d.id === pending)?.status).toBe('CANCELLED');
      expect(after.some((d) => d.status === 'PENDING')).toBe(false);
      // A removed webhook gets no test event.
      expect((await h.partner(key.secret, 'POST', '/api/partner/v1/webhooks/test', { id: hook.body.id })).status).toBe(422);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 60_000);

  it('reports in /health the version of the document, as the sandbox guide shows it', async () => {
    const health = await (await fetch(`${h.api.url}/api/v1/health`)).json();
    expect(health.version).toBe(doc.info.version);
    for (const locale of ['en', 'ru']) {
      const guide = readFileSync(path.join(REPO_ROOT, 'content', 'docs', locale, 'sandbox.md'), 'utf8');
      expect(/"version": "([^"]+)"/.exec(guide)?.[1]).toBe(doc.info.version);
    }
  });

  it('makes a key without a name, as the guide says the name is optional', async () => {
    const owner = await h.signUp();
    const r = await owner.post('/api/v1/users/generate-api-key', {});
    expect(r.status).toBe(200);
    expect(r.body.name).toBe('API key');
  });
});
