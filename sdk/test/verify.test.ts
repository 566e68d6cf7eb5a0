// The SDK's hand-written helpers against the api's own code, without a server: request signatures equal the api's
// (keys/signature.ts) and the test vectors of /docs/authentication, the middleware signs the request as it is sent;
// verifyWebhook takes what the api's webhooks/signing.ts signs and refuses a changed body, another secret, a stale or
// malformed header; verifyReceipt takes an Ed25519 compact JWS of a key in the JWKS and refuses a changed byte, another
// key, another algorithm. (test/sandbox.test.ts does the same against a running api.)
import { CompactSign, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { requestSignature as apiRequestSignature } from '../../api/src/modules/keys/signature';
import { signatureHeader } from '../../api/src/modules/webhooks/signing';
import {
  createExchangeClient,
  newNonce,
  type ReceiptKeySet,
  ReceiptVerificationError,
  requestSignature,
  signatureHeaders,
  verifyReceipt,
  verifyWebhook,
  WebhookVerificationError,
} from '../src';

const DOCS_SECRET = 'cfs_Q2hhbmdlTWVJbkRvY3NPbmx5MjAyNnNpZ25pbmc0';

describe('request signatures', () => {
  it('match the test vectors of /docs/authentication', async () => {
    expect(
      await requestSignature(DOCS_SECRET, {
        method: 'POST',
        pathAndQuery: '/api/partner/v1/webhooks',
        timestamp: '1767225600',
        nonce: '9f1c2e7a4b6d8f0a1c3e5a7b9d0f2e4c',
        body: '{"url":"https://shop.example.com/coinferry/webhooks"}',
      }),
    ).toBe('189456d2ad310d55616f0bf001450d3c1228aefa8504e4e4e95fcbe598ea1e49');
    expect(
      await requestSignature(DOCS_SECRET, {
        method: 'GET',
        pathAndQuery: '/api/partner/v1/rates?instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.05&rateMode=FLOATING',
        timestamp: '1767225660',
        nonce: '0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a',
        body: '',
      }),
    ).toBe('efebcf33bc4938dc86a49b0fcee68f743538b32fdcb8ab6269f4aad302d867bf');
  });

  it('equal the api’s for any request (non-ASCII bodies included), with nonces the api accepts', async () => {
    for (const body of ['', '{"a":1}', '{"memo":"привет 🚀"}']) {
      const parts = { method: 'post', pathAndQuery: '/api/partner/v1/orders?x=%20y', timestamp: '1767225600', nonce: newNonce(), body };
      expect(await requestSignature('cfs_secret', parts)).toBe(apiRequestSignature('cfs_secret', parts));
      expect(parts.nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    }
    expect(new Set(Array.from({ length: 50 }, newNonce)).size).toBe(50);
  });

  it('the client signs partner calls as sent (final URL, query and body) and leaves other calls alone', async () => {
    const sent: Request[] = [];
    const fakeFetch = async (input: RequestInfo | URL) => {
      sent.push(input as Request);
      return new Response(JSON.stringify({ statusCode: 404, code: 'ERR_NOT_FOUND', message: 'Order x not found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    };
    const now = () => 1_767_225_600_000;
    const client = createExchangeClient({
      baseUrl: 'https://api.example.com/',
      apiKey: 'cfk_key',
      secret: 'cfs_secret',
      fetch: fakeFetch as typeof fetch,
      now,
    });
    await expect(client.getOrder('a b')).rejects.toMatchObject({
      name: 'ExchangeApiError',
      statusCode: 404,
      code: 'ERR_NOT_FOUND',
      message: 'ERR_NOT_FOUND: Order x not found',
    });
    await expect(
      client.createOrder(
        {
          rateMode: 'FLOATING',
          instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
          instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
          destinationAddress: '0xabc',
          claimedDepositAmount: '0.01',
        },
        { idempotencyKey: 'order-1' },
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.receipt({ orderId: 'o', destinationAddress: 'd' })).rejects.toMatchObject({ statusCode: 404 });

    const [read, create, receipt] = sent;
    for (const r of [read, create]) {
      const url = new URL(r.url);
      expect(r.headers.get('x-api-key')).toBe('cfk_key');
      expect(r.headers.get('x-timestamp')).toBe('1767225600');
      const body = r.method === 'GET' ? '' : await r.clone().text();
      expect(r.headers.get('x-signature')).toBe(
        apiRequestSignature('cfs_secret', {
          method: r.method,
          pathAndQuery: url.pathname + url.search,
          timestamp: '1767225600',
          nonce: r.headers.get('x-nonce') ?? '',
          body,
        }),
      );
    }
    expect(new URL(read.url).pathname).toBe('/api/partner/v1/orders/a%20b');
    expect(create.headers.get('idempotency-key')).toBe('order-1');
    // The receipt is the order's own credential: no key, no signature.
    expect(new URL(receipt.url).search).toBe('?orderId=o&destinationAddress=d');
    expect([receipt.headers.get('x-api-key'), receipt.headers.get('x-signature')]).toEqual([null, null]);
  });

  it('signatureHeaders names the headers as the document does', async () => {
    const h = await signatureHeaders(
      's',
      { method: 'GET', url: 'https://x.example/api/partner/v1/pairs', body: '' },
      { now: () => 5_000, nonce: 'n'.repeat(16) },
    );
    expect(Object.keys(h)).toEqual(['X-Signature', 'X-Timestamp', 'X-Nonce']);
    expect(h['X-Timestamp']).toBe('5');
  });
});

describe('verifyWebhook', () => {
  const secret = 'whsec_test0123456789';
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'order.status_changed',
    createdAt: '2026-12-07T10:00:00.000Z',
    data: { orderId: 'o1', eventKind: 'CREATION_END' },
  });
  const t = Math.floor(Date.now() / 1000);
  const headers = (sig: string, ts = String(t)): Record<string, string> => ({
    'x-coinferry-signature': sig,
    'x-coinferry-timestamp': ts,
    'content-type': 'application/json',
  });

  it('accepts what the api signs (string or bytes, Headers or Node headers) and returns the event', async () => {
    const sig = signatureHeader(secret, t, body);
    expect((await verifyWebhook(body, headers(sig), secret)).data.orderId).toBe('o1');
    expect((await verifyWebhook(new TextEncoder().encode(body), new Headers(headers(sig)), secret)).id).toBe('evt_1');
    expect((await verifyWebhook(body, { 'X-Coinferry-Signature': [sig] }, secret)).type).toBe('order.status_changed');
  });

  it.each<[string, () => [string, Record<string, string>], string]>([
    ['a changed body', () => [body.replace('o1', 'o2'), headers(signatureHeader(secret, t, body))], 'bad signature'],
    ['another secret', () => [body, headers(signatureHeader('whsec_other', t, body))], 'bad signature'],
    ['a stale timestamp', () => [body, headers(signatureHeader(secret, t - 301, body), String(t - 301))], 'stale timestamp'],
    ['a timestamp header that disagrees', () => [body, headers(signatureHeader(secret, t, body), String(t - 1))], 'timestamp mismatch'],
    ['no signature', () => [body, { 'content-type': 'application/json' }], 'missing signature'],
    ['a malformed signature', () => [body, headers('v1=abc')], 'malformed signature'],
  ])('refuses %s', async (_what, make, reason) => {
    const [raw, h] = make();
    const refused = await verifyWebhook(raw, h, secret).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WebhookVerificationError);
    expect(refused).toMatchObject({ reason });
  });
});

describe('verifyReceipt', () => {
  async function keyPair(kid: string) {
    const { privateKey, publicKey } = await generateKeyPair('Ed25519');
    return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
  }
  const payload = { orderId: 'o1', outcome: 'COMPLETED', receiptVersion: 1 };

  it('verifies an Ed25519 compact JWS with the key of its kid, and refuses a changed byte, an unknown key or another algorithm', async () => {
    const current = await keyPair('rk_2');
    const old = await keyPair('rk_1');
    const jwks = { keys: [current.jwk, old.jwk] } as ReceiptKeySet;
    const sign = (k: typeof current) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: 'EdDSA', kid: k.jwk.kid }).sign(k.privateKey);

    const jws = await sign(current);
    expect(await verifyReceipt(jws, jwks)).toEqual({ kid: 'rk_2', payload });
    // A receipt of a rotated-out key still verifies while its key is published.
    expect((await verifyReceipt(await sign(old), jwks)).kid).toBe('rk_1');

    const [h, p, s] = jws.split('.');
    const flip = (part: string, i: number) => part.slice(0, i) + (part[i] === 'A' ? 'B' : 'A') + part.slice(i + 1);
    for (const changed of [`${h}.${flip(p, 5)}.${s}`, `${h}.${p}.${flip(s, 10)}`, `${flip(h, 3)}.${p}.${s}`]) {
      await expect(verifyReceipt(changed, jwks)).rejects.toBeInstanceOf(ReceiptVerificationError);
    }
    await expect(verifyReceipt(jws, { keys: [old.jwk] } as ReceiptKeySet)).rejects.toBeInstanceOf(ReceiptVerificationError);
    // HS256 with the public key as a secret (the algorithm-confusion trick) is refused.
    const hs = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', kid: 'rk_2' }).sign(new TextEncoder().encode(current.jwk.x));
    await expect(verifyReceipt(hs, jwks)).rejects.toBeInstanceOf(ReceiptVerificationError);
  });
});
