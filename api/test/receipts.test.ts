// Issue 29: signed receipts over real HTTP (startApi), orders driven by the sandbox deposit endpoint and the order job.
// A completed order's receipt verifies with the key its kid names in /.well-known/receipt-keys.json and fails when one
// byte changes; a refunded order's receipt names the refund transaction; an unfinished order has none; after a key
// rotation the older receipts still verify; the private keys are sealed at rest.
import { sql } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, importJWK } from 'jose';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { ApiErrorBodySchema, OrderSchema, type Order, ReceiptKeySetSchema, ReceiptSchema } from 'shared-contracts/server';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const BTC = { currencyTitle: 'BTC', networkTitle: 'BTC' };
const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const ETH_ADDR = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const BTC_REFUND = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
const ORIGIN = 'https://swap.example';

describe.each(BACKENDS)('receipts on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const board = new FakePriceBoard(TEST_PRICES);
  const env = {
    API_PORT: '0',
    LOG_LEVEL: 'silent',
    VALIDATE_RESPONSES: 'true',
    CONFIRMATION_INTERVAL_MS: '25',
    PUBLIC_ORIGIN: ORIGIN,
    HTTP_RATE_LIMITS: 'orderCreate=1000,orderRequestRefund=1000',
  };

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(loadConfig(env), { db: t.handle, realtime: fakeRealtime(board) });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(api.url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  const create = async (over: Record<string, unknown> = {}): Promise<Order> => {
    const r = await call('POST', '/api/v1/orders/public/create', {
      rateMode: 'FLOATING',
      instrumentFrom: BTC,
      instrumentTo: ETH,
      destinationAddress: ETH_ADDR,
      claimedDepositAmount: '0.01',
      ...over,
    });
    expect(r.status).toBe(200);
    return OrderSchema.parse(r.body);
  };
  const info = async (o: Order) =>
    OrderSchema.parse((await call('GET', `/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${ETH_ADDR}`)).body);
  const waitFor = async (o: Order, kind: string): Promise<Order> => {
    const until = Date.now() + 10_000;
    for (;;) {
      const now = await info(o);
      if (now.orderEvents.some((e) => e.kind === kind)) return now;
      if (Date.now() > until) throw new Error(`order never reached ${kind}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const deposit = (orderId: string, amount: string) => call('POST', `/api/v1/sandbox/orders/${orderId}/deposit`, { amount });
  const receiptOf = (orderId: string, destinationAddress = ETH_ADDR) =>
    call('GET', `/api/v1/orders/public/receipt?orderId=${orderId}&destinationAddress=${encodeURIComponent(destinationAddress)}`);
  const keySet = async () => {
    const r = await call('GET', '/.well-known/receipt-keys.json');
    expect(r.status).toBe(200);
    return ReceiptKeySetSchema.parse(r.body);
  };
  const completed = async () => {
    const order = await create();
    await deposit(order.orderId, '0.01');
    return waitFor(order, 'WITHDRAWAL_COMPLETED');
  };

  it("a completed order's receipt verifies with the published key and fails when one byte changes", async () => {
    const done = await completed();
    const r = await receiptOf(done.orderId);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const receipt = ReceiptSchema.parse(r.body);
    expect(decodeProtectedHeader(receipt.jws)).toEqual({ alg: 'EdDSA', kid: receipt.kid, typ: 'exchange-receipt+jwt' });

    const jwks = await keySet();
    const keysAnswer = await call('GET', '/.well-known/receipt-keys.json');
    expect(keysAnswer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: receipt.kid, alg: 'EdDSA', use: 'sig' });
    expect(JSON.stringify(jwks)).not.toMatch(/"d"/);
    const verified = await compactVerify(receipt.jws, createLocalJWKSet(jwks));
    const payload = JSON.parse(new TextDecoder().decode(verified.payload));
    expect(payload).toEqual(receipt.payload);
    expect(payload).toMatchObject({
      iss: ORIGIN,
      sub: done.orderId,
      receiptVersion: 1,
      orderId: done.orderId,
      outcome: 'COMPLETED',
      pair: { from: { slug: 'btc', currency: 'BTC', network: 'BTC' }, to: { slug: 'eth', currency: 'ETH', network: 'ETH' } },
      rateMode: 'FLOATING',
      amountIn: { amount: '0.01', currency: 'BTC' },
      amountOut: { amount: done.amountToGet, currency: 'ETH' },
      transactions: { deposit: expect.any(String), payout: done.orderDetails.payoutTxHash, refund: null },
      fees: {
        networkFee: { amount: '0.002', currency: 'ETH' },
        serviceFee: { currency: 'ETH' },
        refundNetworkFee: null,
      },
      times: { createdAt: done.createdAt, depositAt: expect.any(String), completedAt: expect.any(String), refundedAt: null },
    });
    expect(Number(payload.rate)).toBeGreaterThan(0);
    // The spread against the market at execution (the sandbox's floating spread, 0.5 %).
    expect(payload.fees.spread).toMatchObject({ fraction: '0.005', amount: { currency: 'ETH' } });
    expect(Number(payload.fees.spread.amount.amount)).toBeGreaterThan(0);

    // One byte changed anywhere (header, payload or signature) and it no longer verifies.
    for (const at of [3, receipt.jws.indexOf('.') + 5, receipt.jws.length - 5]) {
      const c = receipt.jws[at];
      const tampered = receipt.jws.slice(0, at) + (c === 'A' ? 'B' : 'A') + receipt.jws.slice(at + 1);
      await expect(compactVerify(tampered, createLocalJWKSet(jwks))).rejects.toThrow();
    }
    // With no library: node:crypto's Ed25519 over `header.payload`.
    const [h, p, s] = receipt.jws.split('.');
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwks.keys[0].x }, format: 'jwk' });
    expect(nodeVerify(null, Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'))).toBe(true);
    expect(nodeVerify(null, Buffer.from(`${h}.${p}x`), key, Buffer.from(s, 'base64url'))).toBe(false);

    // Signed once: the same receipt every time.
    expect((await receiptOf(done.orderId)).body.jws).toBe(receipt.jws);
  });

  it("a refunded order's receipt names the refund transaction and amount", async () => {
    const order = await create({ rateMode: 'FIXED', refundAddress: BTC_REFUND });
    await deposit(order.orderId, '0.009');
    await waitFor(order, 'RATE_MODE_CHANGED');
    const requested = await call('POST', '/api/v1/orders/public/request-refund', {
      orderId: order.orderId,
      destinationAddress: ETH_ADDR,
      refundAddress: BTC_REFUND,
      refundAmount: '0.0089',
      claimedNetworkFee: '0.0001',
    });
    expect(requested.status).toBe(200);
    const refunded = await waitFor(order, 'REFUND_COMPLETED');
    const receipt = ReceiptSchema.parse((await receiptOf(order.orderId)).body);
    await compactVerify(receipt.jws, createLocalJWKSet(await keySet()));
    expect(receipt.payload).toMatchObject({
      outcome: 'REFUNDED',
      rateMode: 'FIXED',
      rate: null,
      amountIn: { amount: '0.009', currency: 'BTC' },
      amountOut: { amount: '0.0089', currency: 'BTC' },
      fees: { refundNetworkFee: { amount: '0.0001', currency: 'BTC' }, spread: null },
      transactions: { payout: null, refund: refunded.orderDetails.refundTxHash },
      times: { completedAt: null, refundedAt: expect.any(String) },
    });
    expect(receipt.payload.transactions.refund).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an unfinished order has no receipt (ERR_UNPROCESSABLE_ENTITY); a wrong address or id is ERR_NOT_FOUND_E, like public-info', async () => {
    const order = await create();
    const early = await receiptOf(order.orderId);
    expect({ status: early.status, body: ApiErrorBodySchema.parse(early.body) }).toMatchObject({
      status: 422,
      body: { statusCode: 422, code: 'ERR_UNPROCESSABLE_ENTITY', details: { status: 'AWAITING_DEPOSIT' } },
    });
    for (const r of [await receiptOf(order.orderId, BTC_REFUND), await receiptOf('no-such-order')]) {
      expect({ status: r.status, code: r.body.code }).toEqual({ status: 404, code: 'ERR_NOT_FOUND_E' });
    }
  });

  it('a rotated key still verifies the receipts it signed; private keys are sealed at rest', async () => {
    const first = ReceiptSchema.parse((await receiptOf((await completed()).orderId)).body);
    // The current key is older than RECEIPT_KEY_ROTATION_DAYS (90): the next receipt is signed with a new one.
    await t.handle.db.execute(sql`UPDATE receipt_keys SET created_at = now() - interval '91 days' WHERE kid = ${first.kid}`);
    const second = ReceiptSchema.parse((await receiptOf((await completed()).orderId)).body);
    expect(second.kid).not.toBe(first.kid);
    const jwks = await keySet();
    expect(jwks.keys.map((k) => k.kid).slice(0, 2)).toEqual([second.kid, first.kid]);
    for (const receipt of [first, second]) {
      const { protectedHeader } = await compactVerify(receipt.jws, createLocalJWKSet(jwks));
      expect(protectedHeader.kid).toBe(receipt.kid);
    }
    // Verified with the other key, it fails.
    const other = await importJWK(jwks.keys.find((k) => k.kid === second.kid)!, 'EdDSA');
    await expect(compactVerify(first.jws, other)).rejects.toThrow();
    // The first receipt is still answered as stored.
    expect((await receiptOf(first.orderId)).body.jws).toBe(first.jws);

    const rows = (await t.handle.db.execute(sql`SELECT private_jwk_sealed AS sealed FROM receipt_keys`)) as unknown as { rows: { sealed: string }[] };
    for (const { sealed } of rows.rows) {
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain('"d"');
    }
  });
});
