// The contract between the api core (app.ts, modules/*) and the realtime part (market ticks, bus, WebSocket).
import type Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts';
import type { MessageBus } from '../bus/types';

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
  /** 'sandbox' (default) or 'ccxt'. */
  marketAdapter: 'sandbox' | 'ccxt';
  /** Exchange id for ccxt (e.g. 'binance'). */
  ccxtExchange?: string;
  tickIntervalMs: number;
  /** currencyTitles to price on every tick. */
  currencyTitles: readonly string[];
  /** Seed of the sandbox random walk. */
  sandboxSeed: number;
}

export type CreateRealtime = (options: RealtimeOptions) => Promise<Realtime>;
