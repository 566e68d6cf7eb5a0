// GET /api/v2/ws (spec §7, docs/ARCHITECTURE.md). Rates: each socket holds at most one pair subscription; sockets
// asking for the same request share a group, and on every tick each group is quoted once and its frame serialised
// once, then written to every socket of the group. Orders: sockets subscribe by (orderId, destinationAddress) and
// receive order events from the bus. Caps (issue 7): sockets per process and per client address, order
// subscriptions per socket, messages per second; a refused socket gets an error frame, then is closed.
import websocketPlugin from '@fastify/websocket';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ExchangeRequest, WsClientMessageSchema } from 'shared-contracts/server';
import type { WebSocket } from 'ws';
import { CONTROL_CHARS_IN_LINE, findControlChar } from '../http/controlChars';
import { holdBackgroundWork } from '../jobs/quiet';
import { BUS_CHANNELS, type MessageBus, type OrderEventMessage } from '../bus/types';
import type { PriceBoard, QuotePair, RealtimeLogger, WsOptions } from '../realtime/types';
import { badRequest, type Channel, type ErrorData, errorFrame, frame, send, sendFramed, textFrame, toErrorData } from './frames';

const WS_PATH = '/api/v2/ws';

/** RFC 6455 close codes: policy violation (this address has too many sockets), try again later (server full). */
const CLOSE_POLICY_VIOLATION = 1008;
const CLOSE_TRY_AGAIN_LATER = 1013;
/** The keepalive pings this many slices of the sockets in turn, one slice a second at most. */
const PING_SLICES = 30;
/** Sockets a tick's fan-out writes before it lets the event loop serve other work (~20 ms of writes here). */
const FAN_OUT_SLICE = 1000;
/** Quotes computed in parallel per tick. */
const QUOTE_CONCURRENCY = 32;

interface Client {
  socket: WebSocket;
  /** Which of the keepalive's slices pings this socket. */
  pingSlice: number;
  /**
   * The socket's TCP connection, when tick frames may be written to it ready-framed (see sendFramed): no extension
   * was negotiated, so ws's sender writes every frame synchronously, whole, and never holds one back.
   */
  raw?: Socket;
  alive: boolean;
  pairKey?: string;
  /** orderId → destinationAddress */
  orders: Map<string, string>;
  windowStart: number;
  windowCount: number;
}

interface PairGroup {
  request: ExchangeRequest;
  clients: Set<Client>;
}

export interface RegisterWebSocketDeps extends WsOptions {
  quote: QuotePair;
  priceBoard: PriceBoard;
  bus?: MessageBus;
  logger?: RealtimeLogger;
}

export interface WebSocketHub {
  /** Connected sockets. */
  readonly size: number;
  /** Distinct pair subscriptions (each quoted once per tick). */
  readonly pairGroups: number;
  /** Quotes every pair group and sends the frames; runs on every tick. Resolves when the fan-out is written. */
  fanOut(): Promise<void>;
  close(): Promise<void>;
}

/** Issue 14 (metrics): open sockets and subscriptions of an app's hub, counted when Prometheus scrapes. */
const hubStats = new WeakMap<FastifyInstance, () => { connections: number; pairSubscriptions: number; orderSubscriptions: number }>();
export const wsStatsOf = (app: FastifyInstance) => hubStats.get(app)?.();

/** Same request, same key: keys sorted so that `{a,b}` and `{b,a}` share a group. */
export function subscriptionKey(request: ExchangeRequest): string {
  const entries = Object.entries(request)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const consoleLogger: RealtimeLogger = {
  info: () => undefined,
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export async function registerWebSocket(app: FastifyInstance, deps: RegisterWebSocketDeps): Promise<WebSocketHub> {
  const {
    quote,
    priceBoard,
    bus,
    logger = consoleLogger,
    pingIntervalMs = 30_000,
    maxMessageBytes = 4096,
    maxOrderSubscriptions = 10,
    maxMessagesPerSecond = 20,
    maxConnections = 10_000,
    maxConnectionsPerAddress = 50,
  } = deps;

  const clients = new Set<Client>();
  const pingSlices = Math.max(1, Math.min(PING_SLICES, Math.floor(pingIntervalMs / 1000)));
  let nextPingSlice = 0;
  const groups = new Map<string, PairGroup>();
  const orderSubs = new Map<string, Set<Client>>();
  const socketsByAddress = new Map<string, number>();

  if (!app.hasDecorator('websocketServer')) {
    // Past maxPayload ws closes the socket (1009); between maxMessageBytes and it the client gets an error event.
    await app.register(websocketPlugin, { options: { maxPayload: Math.max(maxMessageBytes * 16, 64 * 1024) } });
  }

  const leavePair = (client: Client) => {
    const key = client.pairKey;
    if (key === undefined) return;
    client.pairKey = undefined;
    const group = groups.get(key);
    if (!group) return;
    group.clients.delete(client);
    if (group.clients.size === 0) groups.delete(key);
  };

  const leaveOrders = (client: Client) => {
    for (const orderId of client.orders.keys()) {
      const set = orderSubs.get(orderId);
      set?.delete(client);
      if (set && set.size === 0) orderSubs.delete(orderId);
    }
    client.orders.clear();
  };

  const quoteFrame = async (request: ExchangeRequest): Promise<Buffer> => {
    try {
      return frame({ channel: 'pairs', event: 'data', data: await quote(request) });
    } catch (err) {
      const data = toErrorData(err);
      if (data.statusCode >= 500) logger.error({ err }, 'ws: quote failed');
      return errorFrame('pairs', data);
    }
  };

  const onPairsRates = async (client: Client, request: ExchangeRequest) => {
    const key = subscriptionKey(request);
    if (client.pairKey !== key) {
      leavePair(client);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { request, clients: new Set() }));
      group.clients.add(client);
      client.pairKey = key;
    }
    const data = await quoteFrame(request);
    // Dropped when the socket moved to another pair while this quote was in flight.
    if (client.pairKey === key) send(client, data);
  };

  const onMessage = (client: Client, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const now = Date.now();
    if (now - client.windowStart >= 1000) {
      client.windowStart = now;
      client.windowCount = 0;
    }
    if (++client.windowCount > maxMessagesPerSecond) {
      send(client, errorFrame('pairs', { statusCode: 429, code: 'ERR_TOO_MANY_REQUESTS', message: 'Too many messages' }));
      return;
    }
    const buf = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
    if (isBinary) return send(client, badRequest('pairs', 'Binary messages are not supported'));
    if (buf.length > maxMessageBytes) return send(client, badRequest('pairs', `Message larger than ${maxMessageBytes} bytes`));
    let json: unknown;
    try {
      json = JSON.parse(buf.toString('utf8'));
    } catch {
      return send(client, badRequest('pairs', 'Message is not valid JSON'));
    }
    const controlAt = findControlChar(json, CONTROL_CHARS_IN_LINE);
    if (controlAt !== null) {
      const event = (json as { event?: unknown } | null)?.event;
      const channel: Channel = typeof event === 'string' && event.startsWith('orders.') ? 'orders' : 'pairs';
      return send(
        client,
        errorFrame(channel, {
          statusCode: 400,
          code: 'ERR_VALIDATION',
          message: `Invalid message at ${controlAt || 'root'}: control characters are not allowed`,
        }),
      );
    }
    const parsed = WsClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const event = (json as { event?: unknown } | null)?.event;
      const channel: Channel = typeof event === 'string' && event.startsWith('orders.') ? 'orders' : 'pairs';
      const first = parsed.error.issues[0];
      const where = first?.path.length ? ` at ${first.path.join('.')}` : '';
      return send(client, badRequest(channel, `Invalid message${where}: ${first?.message ?? 'unknown event'}`));
    }
    const message = parsed.data;
    switch (message.event) {
      case 'pairs.rates':
        void onPairsRates(client, message.data).catch((err) => logger.error({ err }, 'ws: subscribe failed'));
        return;
      case 'pairs.unsubscribe':
        leavePair(client);
        return;
      case 'orders.subscribe': {
        const { orderId, destinationAddress } = message.data;
        if (!client.orders.has(orderId) && client.orders.size >= maxOrderSubscriptions) {
          return send(client, badRequest('orders', `At most ${maxOrderSubscriptions} order subscriptions per connection`));
        }
        client.orders.set(orderId, destinationAddress);
        let set = orderSubs.get(orderId);
        if (!set) orderSubs.set(orderId, (set = new Set()));
        set.add(client);
        return;
      }
    }
  };

  const refuse = (socket: WebSocket, closeCode: number, data: ErrorData) => {
    socket.send(Buffer.from(JSON.stringify({ channel: 'pairs', event: 'error', data })), { binary: false });
    socket.close(closeCode, data.code);
  };

  app.get(WS_PATH, { websocket: true, config: { access: 'public-websocket' } }, (socket, request) => {
    if (clients.size >= maxConnections) {
      return refuse(socket, CLOSE_TRY_AGAIN_LATER, { statusCode: 503, code: 'ERR_SERVICE_UNAVAILABLE', message: 'Too many connections; try again later' });
    }
    const address = request.ip;
    const fromAddress = socketsByAddress.get(address) ?? 0;
    if (fromAddress >= maxConnectionsPerAddress) {
      return refuse(socket, CLOSE_POLICY_VIOLATION, {
        statusCode: 429,
        code: 'ERR_TOO_MANY_REQUESTS',
        message: `At most ${maxConnectionsPerAddress} connections per address`,
      });
    }
    socketsByAddress.set(address, fromAddress + 1);
    const client: Client = { socket, alive: true, pingSlice: nextPingSlice, orders: new Map(), windowStart: 0, windowCount: 0 };
    nextPingSlice = (nextPingSlice + 1) % pingSlices;
    // After the upgrade the request's TCP socket is the one ws reads and writes (ws takes it over whole).
    if (socket.extensions === '' && request.raw.socket) client.raw = request.raw.socket;
    clients.add(client);
    socket.on('message', (raw, isBinary) => {
      try {
        onMessage(client, raw, isBinary);
      } catch (err) {
        logger.error({ err }, 'ws: message handler failed');
      }
    });
    socket.on('pong', () => (client.alive = true));
    socket.on('error', (err) => logger.warn({ err }, 'ws: socket error'));
    socket.on('close', () => {
      const left = (socketsByAddress.get(address) ?? 1) - 1;
      if (left > 0) socketsByAddress.set(address, left);
      else socketsByAddress.delete(address);
      clients.delete(client);
      leavePair(client);
      leaveOrders(client);
    });
  });

  // One fan-out at a time; ticks arriving meanwhile collapse into one more run with the newest prices.
  let running: Promise<void> | undefined;
  let again = false;
  const runFanOut = async () => {
    const quoted: { group: PairGroup; data: Buffer }[] = [];
    await forEachLimited([...groups.values()], QUOTE_CONCURRENCY, async (group) => {
      if (group.clients.size > 0) quoted.push({ group, data: await quoteFrame(group.request) });
    });
    // Written in slices with a turn of the event loop between them: HTTP requests and pongs wait at most one slice.
    let written = 0;
    for (const { group, data } of quoted) {
      const framed = textFrame(data);
      for (const client of group.clients) {
        sendFramed(client, data, framed);
        if (++written % FAN_OUT_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  };
  const fanOut = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    // The process's background passes (jobs/quiet.ts) wait until every frame of the tick is written.
    const release = holdBackgroundWork();
    running = (async () => {
      try {
        do {
          again = false;
          await runFanOut();
        } while (again);
      } catch (err) {
        logger.error({ err }, 'ws: tick fan-out failed');
      } finally {
        running = undefined;
        release();
      }
    })();
    return running;
  };
  const offTick = priceBoard.onTick(() => void fanOut());

  let offOrders: (() => Promise<void>) | undefined;
  if (bus) {
    offOrders = await bus.subscribe(BUS_CHANNELS.orderEvent, (raw) => {
      let event: OrderEventMessage;
      try {
        event = JSON.parse(raw) as OrderEventMessage;
      } catch {
        return logger.warn({ raw: raw.slice(0, 200) }, 'ws: order event is not JSON');
      }
      const order = event?.order;
      if (!order || typeof order.orderId !== 'string') return;
      const subs = orderSubs.get(order.orderId);
      if (!subs) return;
      let data: Buffer | undefined;
      for (const client of subs) {
        // Only the holder of the order's destination address may watch it (as GET /orders/public-info).
        if (client.orders.get(order.orderId) !== order.destinationAddress) continue;
        send(client, (data ??= Buffer.from(JSON.stringify({ channel: 'orders', event: 'data', data: order }))));
      }
    });
  }

  // Keepalive in slices: each socket is still pinged once per pingIntervalMs and closed when it did not answer the
  // previous ping, but 10,000 pings never go out in one burst that would hold up a tick's fan-out.
  let pingSlice = 0;
  const pingSliceOf = (slice: number) => {
    for (const client of clients) {
      if (client.pingSlice !== slice) continue;
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        client.socket.terminate();
      }
    }
  };
  const ping = setInterval(() => {
    const slice = pingSlice;
    pingSlice = (pingSlice + 1) % pingSlices;
    // A slice falling due during a tick's fan-out goes out right after its last frame, not between its slices.
    if (running) void running.then(() => pingSliceOf(slice));
    else pingSliceOf(slice);
  }, pingIntervalMs / pingSlices);
  ping.unref();

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    offTick();
    await offOrders?.().catch(() => undefined);
    await running;
  };
  app.addHook('onClose', async () => close());
  hubStats.set(app, () => {
    let pairSubscriptions = 0;
    let orderSubscriptions = 0;
    for (const client of clients) {
      if (client.pairKey !== undefined) pairSubscriptions++;
      orderSubscriptions += client.orders.size;
    }
    return { connections: clients.size, pairSubscriptions, orderSubscriptions };
  });

  return {
    get size() {
      return clients.size;
    },
    get pairGroups() {
      return groups.size;
    },
    fanOut,
    close,
  };
}
