import type { FastifyInstance } from 'fastify';
import type { SignerPayoutStatus } from '../client';
import type { Payouts } from '../payouts/payouts';
import type { Sweeps } from '../sweeps/sweeps';
import { bearerMatches } from './auth';
import { createSignerServer, registerSignerRoutes } from './server';

const token = 'signer-token-0123456789abcdef0123456789';
const adminToken = 'admin-token-0123456789abcdef0123456789ab';
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('bearerMatches', () => {
  it('accepts exactly "Bearer <token>"', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches('Bearer ', token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });
});

describe('signer HTTP interface', () => {
  let app: FastifyInstance;
  const seen: unknown[] = [];
  const status = (idempotencyKey: string): SignerPayoutStatus => ({
    idempotencyKey,
    status: 'sent',
    txHash: `0x${'ab'.repeat(32)}`,
    blockNumber: null,
    reason: null,
  });

  async function build(withAdmin: boolean) {
    const server = createSignerServer(false);
    const payouts = {
      request: async (req: { idempotencyKey: string }) => {
        seen.push(req);
        return status(req.idempotencyKey);
      },
      status: async (key: string) => (key === 'known' ? status(key) : null),
      release: async (key: string) => (key === 'known' ? status(key) : null),
    } as unknown as Payouts;
    const sweeps = {
      sweep: async (req: { idempotencyKey: string }) => ({ idempotencyKey: req.idempotencyKey, status: 'nothing', txHashes: [], reason: null }),
    } as unknown as Sweeps;
    registerSignerRoutes(server, {
      token,
      adminToken: withAdmin ? adminToken : null,
      payouts,
      sweeps,
      health: async () => ({ hotWallet: to, chainId: 31337, nonce: 0, pendingPayouts: 0, heldPayouts: 0, balances: { native: '0' } }),
    });
    await server.ready();
    return server;
  }

  beforeEach(async () => {
    seen.length = 0;
    app = await build(true);
  });
  afterEach(() => app.close());

  const auth = (t = token) => ({ authorization: `Bearer ${t}` });
  const payout = { idempotencyKey: 'order-1:payout', asset: { kind: 'native' }, to, amount: '1000' };

  it('refuses a missing or wrong token with 401 on every route, known or not', async () => {
    for (const [method, url] of [
      ['GET', '/v1/health'],
      ['POST', '/v1/payouts'],
      ['GET', '/v1/payouts/known'],
      ['GET', '/nowhere'],
    ] as const) {
      for (const headers of [{}, auth('x'.repeat(40)), { authorization: token }]) {
        const res = await app.inject({ method, url, headers, payload: method === 'POST' ? payout : undefined });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ statusCode: 401, code: 'unauthorized', message: 'missing or wrong bearer token' });
        expect(res.body).not.toContain(token);
      }
    }
    expect(seen).toEqual([]);
  });

  it('answers a valid payout with its status', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/payouts', headers: auth(), payload: payout });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idempotencyKey: 'order-1:payout', status: 'sent' });
    expect(seen).toEqual([payout]);
  });

  it.each([
    ['no key', { ...payout, idempotencyKey: undefined }, 'idempotencyKey'],
    ['a key with spaces', { ...payout, idempotencyKey: 'a b' }, 'idempotencyKey'],
    ['an unknown asset kind', { ...payout, asset: { kind: 'trc20' } }, 'asset'],
    ['an erc20 without a contract', { ...payout, asset: { kind: 'erc20' } }, 'asset.contract'],
    ['a numeric amount', { ...payout, amount: 1000 }, 'amount'],
    ['an extra field', { ...payout, memo: 'x' }, ''],
  ])('refuses a payout with %s: 400 {statusCode, code, message}', async (_name, body, where) => {
    const res = await app.inject({ method: 'POST', url: '/v1/payouts', headers: auth(), payload: body });
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ statusCode: 400, code: 'bad-request' });
    expect(json.message).toContain(where);
    expect(seen).toEqual([]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/payouts', headers: { ...auth(), 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'bad-request' });
  });

  it('refuses a sweep with a negative or fractional derivation index', async () => {
    for (const derivationIndex of [-1, 1.5, '3']) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/sweeps',
        headers: auth(),
        payload: { idempotencyKey: 's', derivationIndex, asset: { kind: 'native' } },
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/v1/sweeps',
      headers: auth(),
      payload: { idempotencyKey: 's', derivationIndex: 3, asset: { kind: 'native' } },
    });
    expect(ok.json()).toMatchObject({ status: 'nothing' });
  });

  it('GET /v1/payouts/:key answers 404 for an unknown key', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/payouts/known', headers: auth() })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/v1/payouts/unknown', headers: auth() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'not-found' });
  });

  it('the admin route takes only the admin token', async () => {
    expect((await app.inject({ method: 'POST', url: '/v1/admin/payouts/known/release', headers: auth() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/admin/payouts/known/release', headers: auth(adminToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/health', headers: auth(adminToken) })).statusCode).toBe(401);
    // the token goes with the route matched, however its path is spelled
    for (const url of ['/v1/%61dmin/payouts/known/release', '/v1/admin/payouts/known/release?x=1', '//v1/admin/payouts/known/release']) {
      const res = await app.inject({ method: 'POST', url, headers: auth() });
      expect([401, 404]).toContain(res.statusCode);
      if (res.statusCode === 404) expect((await app.inject({ method: 'POST', url, headers: auth(adminToken) })).statusCode).toBe(401);
    }
  });

  it('without SIGNER_ADMIN_TOKEN there is no admin route at all', async () => {
    const bare = await build(false);
    expect((await bare.inject({ method: 'POST', url: '/v1/admin/payouts/known/release', headers: auth() })).statusCode).toBe(404);
    expect((await bare.inject({ method: 'POST', url: '/v1/admin/payouts/known/release', headers: auth(adminToken) })).statusCode).toBe(401);
    await bare.close();
  });
});
