// Issue 28: orders on a real chain's custody, with the chain faked at the adapter's edge: deposits and their
// confirmations come from the follower (DepositSink), never from the order job's simulated ticks; a reorg takes them
// back to 0; a payout is shown while it is broadcast and completes only when final; a payout the signer holds leaves
// the order waiting. SANDBOX_MODE off offers only the networks whose custody is real. The same flow against anvil, the
// signer and the EVM adapter is `pnpm test:chain` (chain-test/test).
import { sql } from 'drizzle-orm';
import { OrderSchema, type Order } from 'shared-contracts/server';
import type { CustodyRuntime } from '../src/adapters/custody';
import { PayoutHeld, type CustodyAdapter, type DepositSink, type PayoutResult } from '../src/adapters/custody/types';
import { loadConfig } from '../src/config';
import { startApi, type RunningApi } from '../src/main';
import { FakePriceBoard, TEST_PRICES, fakeRealtime } from './helpers/fakes';
import { BACKENDS, openTestDb, type TestDb } from './helpers/testDb';

const ETH = { currencyTitle: 'ETH', networkTitle: 'ETH' };
const USDT_ERC20 = { currencyTitle: 'USDT', networkTitle: 'ERC20' };
const DESTINATION = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const REAL = ['eth', 'usdterc20'];
const hash = (c: string) => `0x${c.repeat(64)}`;

function fakeChain() {
  let next = 0;
  let sink: DepositSink | undefined;
  const payouts = new Map<string, () => PayoutResult>();
  const asked: string[] = [];
  const custody: CustodyAdapter = {
    name: 'evm',
    isSandbox: false,
    isReal: (i) => REAL.includes(i.slug),
    depositAddress: async () => {
      const i = next++;
      return { address: `0x${(0xabc0 + i).toString(16).padStart(40, '0')}`, memo: null, derivationIndex: i };
    },
    payout: async (req) => {
      asked.push(req.idempotencyKey);
      const answer = payouts.get(req.idempotencyKey);
      if (!answer) throw new Error('signer unreachable');
      return answer();
    },
    secondsPerConfirmation: () => 12,
  };
  const chain: NonNullable<CustodyRuntime['chain']> = {
    start: (s) => {
      sink = s;
    },
    stop: async () => undefined,
    health: async () => ({
      adapter: 'evm',
      chainId: 31337,
      latestBlockSeen: '120',
      nodeHead: '121',
      lagBlocks: 1,
      pendingPayouts: 0,
      heldPayouts: 0,
      hotWallet: null,
      hotWalletBalances: null,
      error: null,
    }),
  };
  return { custody, chain, payouts, asked, sink: () => sink as DepositSink };
}

describe.each(BACKENDS)('orders on a real chain (issue 28) on %s', (backend) => {
  let t: TestDb;
  let api: RunningApi;
  const fake = fakeChain();
  const env = { API_PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'true', CONFIRMATION_INTERVAL_MS: '25', HTTP_RATE_LIMITS: 'orderCreate=1000' };

  beforeAll(async () => {
    t = await openTestDb(backend);
    api = await startApi(loadConfig(env), { db: t.handle, realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)), custody: fake.custody, chain: fake.chain });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  const create = async (): Promise<Order> => {
    const res = await fetch(`${api.url}/api/v1/orders/public/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rateMode: 'FLOATING', instrumentFrom: ETH, instrumentTo: USDT_ERC20, destinationAddress: DESTINATION, claimedDepositAmount: '1' }),
    });
    expect(res.status).toBe(200);
    return OrderSchema.parse(await res.json());
  };
  const info = async (o: Order): Promise<Order> => {
    const res = await fetch(`${api.url}/api/v1/orders/public-info?orderId=${o.orderId}&destinationAddress=${DESTINATION}`);
    return OrderSchema.parse(await res.json());
  };
  const status = async (orderId: string): Promise<string> => {
    const r = (await t.handle.db.execute(sql`SELECT status FROM orders WHERE order_id = ${orderId}`)) as unknown as { rows: { status: string }[] };
    return r.rows[0].status;
  };
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const v = await read();
      if (ok(v)) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const kinds = (o: Order) => o.orderEvents.map((e) => e.kind);

  it('stores the derivation index with the order and lists the order as watched at its deposit address', async () => {
    const order = await create();
    const r = (await t.handle.db.execute(sql`SELECT deposit_derivation_index AS i FROM orders WHERE order_id = ${order.orderId}`)) as unknown as {
      rows: { i: number }[];
    };
    expect(typeof r.rows[0].i).toBe('number');
    const watched = await fake.sink().watched(REAL);
    expect(watched).toContainEqual({ orderId: order.orderId, fromSlug: 'eth', address: order.orderDetails.depositAddress });
  });

  it('takes confirmations from the chain only; a reorg drops them to 0 and the order does not progress on them', async () => {
    const order = await create();
    const sink = fake.sink();
    // all of the chain's 18 decimals reported: credited to ETH's 8, rounded down
    await sink.depositObserved({ orderId: order.orderId, txHash: hash('a'), amount: '1.000000009999999999', confirmations: 1 });
    let o = await info(order);
    expect(o.orderDetails).toMatchObject({ depositTxHash: hash('a'), confirmations: 1, requiredConfirmations: 12 });
    expect(o.deposits[0].amount).toBe('1');
    // the order job's sandbox tick (every 25 ms here) never adds a confirmation to a real chain's deposit
    await new Promise((r) => setTimeout(r, 300));
    expect((await info(order)).orderDetails.confirmations).toBe(1);

    await sink.depositObserved({ orderId: order.orderId, txHash: hash('a'), amount: '1.000000009999999999', confirmations: 5 });
    expect((await info(order)).orderDetails.confirmations).toBe(5);
    // reorganised away
    await sink.depositObserved({ orderId: order.orderId, txHash: hash('a'), amount: '1.000000009999999999', confirmations: 0 });
    o = await info(order);
    expect(o.orderDetails.confirmations).toBe(0);
    expect(await status(order.orderId)).toBe('CONFIRMING');
    // another transaction to the address while this one is confirming does not replace it
    await sink.depositObserved({ orderId: order.orderId, txHash: hash('b'), amount: '5', confirmations: 40 });
    o = await info(order);
    expect(o.orderDetails).toMatchObject({ depositTxHash: hash('a'), confirmations: 0 });
    expect(await status(order.orderId)).toBe('CONFIRMING');
  });

  it('shows a broadcast payout (and its replacement) while WITHDRAWING and completes only when it is final', async () => {
    const order = await create();
    const key = `${order.orderId}:payout`;
    fake.payouts.set(key, () => ({ txHash: hash('c'), final: false }));
    await fake.sink().depositObserved({ orderId: order.orderId, txHash: hash('d'), amount: '1', confirmations: 12 });
    let o = await until(
      () => info(order),
      (x) => x.orderDetails.payoutTxHash === hash('c'),
      'the broadcast payout',
    );
    expect(await status(order.orderId)).toBe('WITHDRAWING');
    expect(kinds(o)).not.toContain('WITHDRAWAL_COMPLETED');
    // a fee-bumped replacement took its place
    fake.payouts.set(key, () => ({ txHash: hash('e'), final: false }));
    await until(
      () => info(order),
      (x) => x.orderDetails.payoutTxHash === hash('e'),
      'the replacement',
    );
    expect(await status(order.orderId)).toBe('WITHDRAWING');
    fake.payouts.set(key, () => ({ txHash: hash('e'), final: true }));
    o = await until(
      () => info(order),
      (x) => kinds(x).includes('WITHDRAWAL_COMPLETED'),
      'completion',
    );
    expect(o.orderDetails.payoutTxHash).toBe(hash('e'));
    expect(await status(order.orderId)).toBe('COMPLETED');
  });

  it('leaves an order WITHDRAWING, with nothing sent, while the signer holds its payout for review', async () => {
    const order = await create();
    const key = `${order.orderId}:payout`;
    fake.payouts.set(key, () => {
      throw new PayoutHeld('over the per-payout limit');
    });
    await fake.sink().depositObserved({ orderId: order.orderId, txHash: hash('f'), amount: '1', confirmations: 12 });
    await until(
      () => status(order.orderId),
      (s) => s === 'WITHDRAWING',
      'WITHDRAWING',
    );
    await until(
      async () => fake.asked.filter((k) => k === key).length,
      (n) => n >= 1,
      'the payout request',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await status(order.orderId)).toBe('WITHDRAWING');
    expect((await info(order)).orderDetails.payoutTxHash).toBeNull();
  });

  it('names the adapter and the chain follower on /health', async () => {
    const res = await fetch(`${api.url}/api/v1/health`);
    const body = await res.json();
    expect(body.custody).toEqual({ adapter: 'evm', chain: { chainId: 31337, latestBlockSeen: '120', nodeHead: '121', lagBlocks: 1 } });
    expect(body.checks.chain).toBe('up');
    expect(body.sandbox.custody).toBe(false);
  });
});

describe('SANDBOX_MODE off with a real chain (issue 28)', () => {
  let t: TestDb;
  let api: RunningApi;
  const fake = fakeChain();
  beforeAll(async () => {
    t = await openTestDb('pglite');
    api = await startApi(loadConfig({ API_PORT: '0', LOG_LEVEL: 'silent', SANDBOX_MODE: 'false' }), {
      db: t.handle,
      realtime: fakeRealtime(new FakePriceBoard(TEST_PRICES)),
      custody: fake.custody,
      chain: fake.chain,
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await t?.drop();
  });

  it('offers only the networks whose custody is real', async () => {
    const res = await fetch(`${api.url}/api/v2/instruments/public`);
    const active = ((await res.json()) as { slug: string; isActive: boolean; instrumentType: string }[])
      .filter((i) => i.isActive && i.instrumentType === 'crypto')
      .map((i) => i.slug)
      .sort();
    expect(active).toEqual(REAL);
  });

  it('refuses an order from a simulated network', async () => {
    const res = await fetch(`${api.url}/api/v1/orders/public/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
        instrumentTo: ETH,
        destinationAddress: DESTINATION,
        claimedDepositAmount: '0.01',
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
