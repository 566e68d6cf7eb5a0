// The contract between the api core (app.ts, modules/*) and the realtime part (market ticks, bus, WebSocket).
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import type { Redis } from 'ioredis';
import type { MessageBus } from '../bus/types';
import type { MarketDataAdapter } from '../adapters/market/types';

/** The latest prices every api process agrees on (driven by ticks arriving over the bus). */
export interface PriceBoard {
  /** USD price of a currencyTitle, or undefined before the first tick / for an unknown currency. */
  priceUsd(currencyTitle: string): Decimal | undefined;
  /** Time of the last tick applied; null before the first. */
  readonly updatedAt: Date | null;
  /** Resolves once the first tick has been applied. */
  ready(): Promise<void>;
  /** Called after each tick is applied. Returns an unsubscribe function. */
  onTick(listener: () => void): () => void;
}

/** Computes full pair data (§3) for a request; throws ApiError with a §8 code when it cannot. */
export type QuotePair = (request: ExchangeRequest) => Promise<PairData>;

export interface Realtime {
  readonly bus: MessageBus;
  readonly priceBoard: PriceBoard;
  readonly marketIsSandbox: boolean;
  /** Registers GET /api/v2/ws on the app. */
  registerWebSocket(app: FastifyInstance, quote: QuotePair): Promise<void>;
  /** Starts the tick job (leader-elected through the bus backend) and waits for the first tick. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface RealtimeOptions {
  redisUrl?: string;
  /** The process's Redis command connection (bus/connect.ts), shared by the bus's publisher and the leader lock. */
  redis?: Redis;
  /** 'sandbox' (default) or 'ccxt'. */
  marketAdapter: 'sandbox' | 'ccxt';
  /** Exchange id for ccxt (e.g. 'binance'). */
  ccxtExchange?: string;
  tickIntervalMs: number;
  /** currencyTitles to price on every tick. */
  currencyTitles: readonly string[];
  /** Seed of the sandbox random walk. */
  sandboxSeed: number;

  // Optional extras (defaults in brackets).
  /** pino-style logger, e.g. `app.log` [console]. */
  logger?: RealtimeLogger;
  /** Prefix of Redis channels and keys, so deployments or test runs can share a Redis ['exchange:']. */
  busPrefix?: string;
  /** Lifetime of the Redis tick-leader lock; a dead leader is replaced after at most this long [max(3 ticks, 1 s)]. */
  leaderTtlMs?: number;
  /** start() rejects when no tick arrives within this time [30 s]. */
  startTimeoutMs?: number;
  /** A ready-made market adapter instead of the one `marketAdapter` selects (tests, custom sources). */
  market?: MarketDataAdapter;
  /** A ready-made bus instead of the one `redisUrl` selects. With a non-Redis bus this process is always the leader. */
  bus?: MessageBus;
  ws?: WsOptions;
}

export interface WsOptions {
  /** Keepalive ping period; a socket that missed the previous pong is terminated [30 000 ms]. */
  pingIntervalMs?: number;
  /** Largest client message answered; bigger ones get ERR_BAD_REQUEST, far bigger ones close the socket [4096]. */
  maxMessageBytes?: number;
  /** Order subscriptions per socket [10]. A socket has at most one pair subscription. */
  maxOrderSubscriptions?: number;
  /** Open sockets in this process; more are refused with ERR_SERVICE_UNAVAILABLE, close 1013 [10 000]. */
  maxConnections?: number;
  /** Open sockets per client address (request.ip); more are refused with ERR_TOO_MANY_REQUESTS, close 1008 [50]. */
  maxConnectionsPerAddress?: number;
  /** Client messages per second per socket before ERR_TOO_MANY_REQUESTS [20]. */
  maxMessagesPerSecond?: number;
}

type LogFn = (obj: unknown, msg?: string) => void;
export interface RealtimeLogger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export type CreateRealtime = (options: RealtimeOptions) => Promise<Realtime>;
