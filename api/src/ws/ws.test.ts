import Fastify, { type FastifyInstance } from 'fastify';
import { ApiError, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import WebSocket from 'ws';
import { MemoryBus } from '../bus/memory';
import { BUS_CHANNELS } from '../bus/types';
import { createRealtime, type RealtimeHandle } from '../realtime';
import { BusPriceBoard } from '../realtime/priceBoard';
import { textFrame } from './frames';
import { registerWebSocket, subscriptionKey, type WebSocketHub } from './index';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A fake QuotePair: price = BTC board price, amountToGet = claimed × price; small amounts fail like the real one. */
function fakeQuote(board: BusPriceBoard) {
  const calls: ExchangeRequest[] = [];
  const quote = async (request: ExchangeRequest): Promise<PairData> => {
    calls.push(request);
    const amount = request.claimedDepositAmount ?? '1';
    if (Number(amount) < 0.001) {
      throw ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'Claimed deposit amount is too small', {
        details: { expectedAmount: '0.001' },
      });
    }
    if (request.instrumentToSlug === 'boom') throw new Error('database exploded');
    const price = board.priceUsd('BTC')!;
    return {
      price: price.toFixed(),
      amountToGet: price.times(amount).toFixed(),
      claimedDepositAmount: amount,
      updatedAt: board.updatedAt!.toISOString(),
      rateMode: request.rateMode ?? 'FLOATING',
    } as unknown as PairData;
  };
  return { quote, calls };
}

class Client {
  readonly messages: any[] = [];
  private waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()));
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  static async connect(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    const client = new Client(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }
  send(value: unknown) {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }
  async next(timeoutMs = 2000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length === 0) {
      if (Date.now() > deadline) throw new Error('no message in time');
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 25);
      });
    }
    return this.messages.shift();
  }
  async nothingWithin(ms: number) {
    await new Promise((r) => setTimeout(r, ms));
    expect(this.messages).toEqual([]);
  }
  close() {
    this.ws.close();
  }
}

const btc = { event: 'pairs.rates', data: { instrumentFromSlug: 'btc', instrumentToSlug: 'usdttrc20', claimedDepositAmount: '0.5' } };

describe('WebSocket /api/v2/ws (manual ticks)', () => {
  let app: FastifyInstance;
  let board: BusPriceBoard;
  let bus: MemoryBus;
  let hub: WebSocketHub;
  let url: string;
  let fake: ReturnType<typeof fakeQuote>;
  const clients: Client[] = [];
  let tickNo = 0;

  const tick = (btcUsd: string) => board.apply({ tick: ++tickNo, at: new Date(Date.UTC(2026, 0, 1, 0, 0, tickNo)).toISOString(), prices: { BTC: btcUsd } });
  const connect = async () => {
    const c = await Client.connect(url);
    clients.push(c);
    return c;
  };

  beforeEach(async () => {
    board = new BusPriceBoard();
    bus = new MemoryBus();
    tick('65000');
    fake = fakeQuote(board);
    app = Fastify();
    hub = await registerWebSocket(app, { quote: fake.quote, priceBoard: board, bus, logger: quiet, maxOrderSubscriptions: 2 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    url = `ws://127.0.0.1:${address.port}/api/v2/ws`;
  });

  afterEach(async () => {
    clients.splice(0).forEach((c) => c.close());
    await app.close();
    await bus.close();
  });

  it('answers a subscription with pair data at once and again on every tick', async () => {
    const c = await connect();
    c.send(btc);
    const first = await c.next();
    expect(first).toEqual({
      channel: 'pairs',
      event: 'data',
      data: expect.objectContaining({ price: '65000', amountToGet: '32500', claimedDepositAmount: '0.5' }),
    });
    tick('65100');
    expect((await c.next()).data.price).toBe('65100');
    tick('65200');
    expect((await c.next()).data).toEqual(expect.objectContaining({ price: '65200', amountToGet: '32600' }));
  });

  it('quotes each distinct subscription once per tick and sends it to every socket sharing it', async () => {
    const same = await Promise.all([connect(), connect(), connect()]);
    const other = await connect();
    same[0].send(btc);
    // Same request with keys in another order and the default rate mode spelled out: same group.
    same[1].send({ event: 'pairs.rates', data: { claimedDepositAmount: '0.5', instrumentToSlug: 'usdttrc20', instrumentFromSlug: 'btc' } });
    same[2].send({ event: 'pairs.rates', data: { ...btc.data, rateMode: 'FLOATING' } });
    other.send({ event: 'pairs.rates', data: { ...btc.data, claimedDepositAmount: '2' } });
    await Promise.all([...same, other].map((c) => c.next()));
    expect(hub.pairGroups).toBe(2);

    fake.calls.length = 0;
    tick('66000');
    const got = await Promise.all(same.map((c) => c.next()));
    expect(got.map((m) => m.data.amountToGet)).toEqual(['33000', '33000', '33000']);
    expect((await other.next()).data.amountToGet).toBe('132000');
    expect(fake.calls).toHaveLength(2);
  });

  it('replaces the previous pair subscription and stops after pairs.unsubscribe', async () => {
    const c = await connect();
    c.send(btc);
    await c.next();
    c.send({ event: 'pairs.rates', data: { ...btc.data, claimedDepositAmount: '1' } });
    expect((await c.next()).data.amountToGet).toBe('65000');
    expect(hub.pairGroups).toBe(1);
    tick('70000');
    expect((await c.next()).data.amountToGet).toBe('70000');
    await c.nothingWithin(50); // only the current subscription is sent
    c.send({ event: 'pairs.unsubscribe' });
    await new Promise((r) => setTimeout(r, 30));
    expect(hub.pairGroups).toBe(0);
    tick('71000');
    await c.nothingWithin(80);
  });

  it('answers bad messages with ERR_BAD_REQUEST and keeps the socket usable', async () => {
    const c = await connect();
    c.send('{not json');
    expect(await c.next()).toEqual({
      channel: 'pairs',
      event: 'error',
      data: { statusCode: 400, code: 'ERR_BAD_REQUEST', message: expect.stringContaining('JSON') },
    });
    c.send({ event: 'pairs.explode', data: {} });
    expect((await c.next()).data.code).toBe('ERR_BAD_REQUEST');
    c.send({ event: 'pairs.rates', data: { instrumentToSlug: 'NOT A SLUG!' } });
    const invalid = await c.next();
    expect(invalid.data).toEqual(expect.objectContaining({ statusCode: 400, code: 'ERR_BAD_REQUEST' }));
    expect(invalid.data.message).toContain('instrumentToSlug');
    c.send('null');
    expect((await c.next()).data.code).toBe('ERR_BAD_REQUEST');
    c.send({ event: 'pairs.rates', data: { ...btc.data, referrerId: 'x'.repeat(5000) } });
    expect((await c.next()).data.message).toContain('larger than 4096');

    c.send(btc);
    expect(await c.next()).toEqual(expect.objectContaining({ channel: 'pairs', event: 'data' }));
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('sends quote errors as pairs error events, with details, on subscribe and on ticks', async () => {
    const c = await connect();
    c.send({ event: 'pairs.rates', data: { ...btc.data, claimedDepositAmount: '0.0001' } });
    const expected = {
      channel: 'pairs',
      event: 'error',
      data: {
        statusCode: 400,
        code: 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL',
        message: 'Claimed deposit amount is too small',
        details: { expectedAmount: '0.001' },
      },
    };
    expect(await c.next()).toEqual(expected);
    tick('65001');
    expect(await c.next()).toEqual(expected);

    c.send({ event: 'pairs.rates', data: { instrumentToSlug: 'boom' } });
    expect(await c.next()).toEqual({
      channel: 'pairs',
      event: 'error',
      data: { statusCode: 500, code: 'ERR_INTERNAL_SERVER_ERROR', message: 'Internal server error' },
    });
    c.send(btc);
    expect((await c.next()).event).toBe('data');
  });

  it('pushes order events from the bus to sockets holding the destination address', async () => {
    const owner = await connect();
    const stranger = await connect();
    owner.send({ event: 'orders.subscribe', data: { orderId: 'o-1', destinationAddress: 'TAddr' } });
    stranger.send({ event: 'orders.subscribe', data: { orderId: 'o-1', destinationAddress: 'guess' } });
    await new Promise((r) => setTimeout(r, 30));
    const order = { orderId: 'o-1', destinationAddress: 'TAddr', orderEvents: [{ kind: 'CREATED' }] };
    await bus.publish(BUS_CHANNELS.orderEvent, JSON.stringify({ order }));
    await bus.publish(BUS_CHANNELS.orderEvent, JSON.stringify({ order: { ...order, orderId: 'o-2' } }));
    await bus.publish(BUS_CHANNELS.orderEvent, 'garbage');
    expect(await owner.next()).toEqual({ channel: 'orders', event: 'data', data: order });
    await owner.nothingWithin(50);
    await stranger.nothingWithin(0);

    owner.send({ event: 'orders.subscribe', data: { orderId: 'o-2', destinationAddress: 'a' } });
    owner.send({ event: 'orders.subscribe', data: { orderId: 'o-3', destinationAddress: 'a' } });
    expect(await owner.next()).toEqual(expect.objectContaining({ channel: 'orders', event: 'error' }));
  });

  it('rate-limits chatty sockets', async () => {
    const c = await connect();
    for (let i = 0; i < 25; i++) c.send({ event: 'pairs.unsubscribe' });
    expect((await c.next()).data.code).toBe('ERR_TOO_MANY_REQUESTS');
  });

  it('cleans up subscriptions when a socket closes', async () => {
    const a = await connect();
    const b = await connect();
    a.send(btc);
    b.send({ event: 'pairs.rates', data: { ...btc.data, claimedDepositAmount: '3' } });
    await Promise.all([a.next(), b.next()]);
    expect(hub.size).toBe(2);
    expect(hub.pairGroups).toBe(2);
    a.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(hub.size).toBe(1);
    expect(hub.pairGroups).toBe(1);
  });

  it('keys requests independently of property order', () => {
    expect(subscriptionKey({ instrumentToSlug: 'a', instrumentFromSlug: 'b' })).toBe(
      subscriptionKey({ instrumentFromSlug: 'b', instrumentToSlug: 'a', referrerId: undefined }),
    );
  });
});

describe('WebSocket keepalive', () => {
  it('pings sockets and terminates one that stops answering', async () => {
    const board = new BusPriceBoard();
    const app = Fastify();
    const hub = await registerWebSocket(app, { quote: fakeQuote(board).quote, priceBoard: board, logger: quiet, pingIntervalMs: 200 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const healthy = await Client.connect(`ws://127.0.0.1:${port}/api/v2/ws`);
      let pings = 0;
      healthy.ws.on('ping', () => pings++);
      // autoPong off: this client never answers pings, like a dead peer.
      const silent = new WebSocket(`ws://127.0.0.1:${port}/api/v2/ws`, { autoPong: false });
      const closed = new Promise<void>((r) => silent.once('close', () => r()));
      await new Promise((r) => silent.once('open', r));
      await closed;
      // the healthy client's ping frames may be read after the silent one's close under load: give them a moment
      for (let i = 0; i < 100 && pings < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(pings).toBeGreaterThanOrEqual(2);
      expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
      for (let i = 0; i < 50 && hub.size !== 1; i++) await new Promise((r) => setTimeout(r, 10));
      expect(hub.size).toBe(1);
      healthy.close();
    } finally {
      await app.close();
    }
  });
});

describe('WebSocket fan-out past one slice of sockets', () => {
  it('writes every subscriber exactly one frame per tick when the fan-out yields between slices', async () => {
    const board = new BusPriceBoard();
    let n = 0;
    board.apply({ tick: ++n, at: new Date(Date.UTC(2026, 0, 1)).toISOString(), prices: { BTC: '65000' } });
    const app = Fastify();
    await registerWebSocket(app, { quote: fakeQuote(board).quote, priceBoard: board, logger: quiet, maxConnectionsPerAddress: 2000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const sockets: WebSocket[] = [];
    try {
      const { port } = app.server.address() as { port: number };
      const prices: string[][] = [];
      // 1,100 sockets over two groups: more than one slice (1,000) of writes per tick
      for (let i = 0; i < 1100; i++) {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v2/ws`);
        const got: string[] = [];
        prices.push(got);
        ws.on('message', (d) => got.push(JSON.parse(d.toString()).data.price));
        sockets.push(ws);
      }
      await Promise.all(sockets.map((ws) => new Promise((r) => ws.once('open', r))));
      sockets.forEach((ws, i) => ws.send(JSON.stringify({ event: 'pairs.rates', data: { ...btc.data, claimedDepositAmount: i % 2 ? '0.5' : '0.25' } })));
      for (let i = 0; i < 200 && prices.some((p) => p.length < 1); i++) await new Promise((r) => setTimeout(r, 25));
      // the board's tick starts the fan-out (priceBoard.onTick)
      board.apply({ tick: ++n, at: new Date(Date.UTC(2026, 0, 1, 0, 0, 1)).toISOString(), prices: { BTC: '65100' } });
      for (let i = 0; i < 200 && prices.some((p) => p.length < 2); i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 100));
      expect(prices.filter((p) => p.length !== 2 || p[1] !== '65100').map((p) => p.join())).toEqual([]);
    } finally {
      for (const ws of sockets) ws.terminate();
      await app.close();
    }
  }, 20_000);
});

describe('WebSocket keepalive in slices', () => {
  it('pings every socket once per interval, a slice a second, and terminates the one that stops answering', async () => {
    const board = new BusPriceBoard();
    const app = Fastify();
    // 2 s: two slices, one pinged each second
    const hub = await registerWebSocket(app, { quote: fakeQuote(board).quote, priceBoard: board, logger: quiet, pingIntervalMs: 2000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const url = `ws://127.0.0.1:${port}/api/v2/ws`;
      const healthy = [await Client.connect(url), await Client.connect(url)];
      const pingedAt: number[][] = healthy.map(() => []);
      const t0 = Date.now();
      healthy.forEach((c, i) => c.ws.on('ping', () => pingedAt[i].push(Date.now() - t0)));
      const silent = new WebSocket(url, { autoPong: false });
      const closed = new Promise<number>((r) => silent.once('close', () => r(Date.now() - t0)));
      await new Promise((r) => silent.once('open', r));
      const closedAt = await closed;
      // the silent socket is pinged within one interval and closed at its slice's next turn
      expect(closedAt).toBeLessThan(6000);
      // both healthy sockets (one per slice) were pinged in the first interval, at different seconds
      expect(pingedAt.every((p) => p.length >= 1 && p[0] < 3000)).toBe(true);
      expect(Math.abs(pingedAt[0][0] - pingedAt[1][0])).toBeGreaterThan(300);
      expect(healthy.every((c) => c.ws.readyState === WebSocket.OPEN)).toBe(true);
      for (let i = 0; i < 50 && hub.size !== 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(hub.size).toBe(2);
      for (const c of healthy) c.close();
    } finally {
      await app.close();
    }
  }, 10_000);
});

describe('Realtime.registerWebSocket with live ticks', () => {
  let rt: RealtimeHandle;
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
    await rt.stop();
  });

  it('pushes a fresh quote on every bus tick', async () => {
    rt = (await createRealtime({
      marketAdapter: 'sandbox',
      tickIntervalMs: 50,
      currencyTitles: ['BTC', 'USDT'],
      sandboxSeed: 5,
      logger: quiet,
    })) as RealtimeHandle;
    app = Fastify();
    const fake = fakeQuote(rt.priceBoard);
    await rt.registerWebSocket(app, fake.quote);
    await rt.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const c = await Client.connect(`ws://127.0.0.1:${port}/api/v2/ws`);
    c.send(btc);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const m = await c.next();
      expect(m.event).toBe('data');
      seen.add(m.data.updatedAt);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    c.close();
  });
});

describe('WebSocket caps and input (issue 7)', () => {
  let app: FastifyInstance;
  let bus: MemoryBus;
  let hub: WebSocketHub;
  let url: string;
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    const board = new BusPriceBoard();
    board.apply({ tick: 1, at: new Date().toISOString(), prices: { BTC: '65000' } });
    bus = new MemoryBus();
    // As in the api: X-Forwarded-For is believed from web on this machine only.
    app = Fastify({ trustProxy: 'loopback' });
    hub = await registerWebSocket(app, {
      quote: fakeQuote(board).quote,
      priceBoard: board,
      bus,
      logger: quiet,
      maxConnections: 3,
      maxConnectionsPerAddress: 2,
      maxOrderSubscriptions: 2,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v2/ws`;
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.terminate());
    await app.close();
    await bus.close();
  });

  /** Opens a socket as a visitor at `address` (through web); resolves once it is open. */
  const open = async (address: string) => {
    const ws = new WebSocket(url, { headers: { 'x-forwarded-for': address } });
    sockets.push(ws);
    const client = new Client(ws);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
    return { client, closed };
  };
  const settle = () => new Promise((r) => setTimeout(r, 10));

  it('refuses a socket past the per-address cap with ERR_TOO_MANY_REQUESTS, then close 1008', async () => {
    await open('198.51.100.1');
    await open('198.51.100.1');
    const third = await open('198.51.100.1');
    expect(await third.client.next()).toEqual({
      channel: 'pairs',
      event: 'error',
      data: { statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'At most 2 connections per address' },
    });
    expect(await third.closed).toBe(1008);
    // Another visitor is not affected.
    const other = await open('198.51.100.2');
    other.client.send(btc);
    expect((await other.client.next()).event).toBe('data');
  });

  it('refuses a socket past the total cap with ERR_SERVICE_UNAVAILABLE, then close 1013; a freed place is reusable', async () => {
    const first = await open('198.51.100.11');
    await open('198.51.100.12');
    await open('198.51.100.13');
    const fourth = await open('198.51.100.14');
    expect((await fourth.client.next()).data).toEqual({ statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect(await fourth.closed).toBe(1013);
    first.client.close();
    await first.closed;
    while (hub.size > 2) await settle();
    const again = await open('198.51.100.14');
    again.client.send(btc);
    expect((await again.client.next()).event).toBe('data');
  });

  it('counts the address web appended, not a spoofed left part of X-Forwarded-For', async () => {
    await open('10.0.0.1, 198.51.100.21');
    await open('10.0.0.2, 198.51.100.21');
    const third = await open('10.0.0.3, 198.51.100.21');
    expect((await third.client.next()).data.code).toBe('ERR_TOO_MANY_REQUESTS');
  });

  it('caps order subscriptions per socket in the catalogue shape and keeps the socket', async () => {
    const { client } = await open('198.51.100.31');
    for (const orderId of ['o-1', 'o-2', 'o-3']) client.send({ event: 'orders.subscribe', data: { orderId, destinationAddress: 'a' } });
    expect(await client.next()).toEqual({
      channel: 'orders',
      event: 'error',
      data: { statusCode: 400, code: 'ERR_BAD_REQUEST', message: 'At most 2 order subscriptions per connection' },
    });
    client.send(btc);
    expect((await client.next()).event).toBe('data');
  });

  it('refuses control characters in a message with ERR_VALIDATION', async () => {
    const { client } = await open('198.51.100.41');
    client.send({ event: 'orders.subscribe', data: { orderId: 'o-1\u0000', destinationAddress: 'a' } });
    expect(await client.next()).toEqual({
      channel: 'orders',
      event: 'error',
      data: { statusCode: 400, code: 'ERR_VALIDATION', message: expect.stringContaining('data.orderId') },
    });
    client.send({ event: 'pairs.rates', data: { ...btc.data, referrerId: 'ref\u001b[31m' } });
    expect((await client.next()).data.code).toBe('ERR_VALIDATION');
  });
});

describe('textFrame (the tick frame written as it is to every subscriber)', () => {
  it.each([0, 125, 126, 1512, 65535, 65536, 70_000])('is a text frame ws reads back whole: %i payload bytes', async (n) => {
    const payload = Buffer.from(JSON.stringify({ channel: 'pairs', data: 'x'.repeat(Math.max(0, n - 29)) }).slice(0, n));
    const receiver = new (WebSocket as unknown as { Receiver: new (o: object) => NodeJS.WritableStream & NodeJS.EventEmitter }).Receiver({
      isServer: false,
    });
    const got = new Promise<{ data: Buffer; isBinary: boolean }>((resolve) =>
      receiver.on('message', (data: Buffer, isBinary: boolean) => resolve({ data, isBinary })),
    );
    receiver.write(textFrame(payload));
    const { data, isBinary } = await got;
    expect(isBinary).toBe(false);
    expect(Buffer.compare(data, payload)).toBe(0);
  });
});
