// Test doubles for the realtime part, so these tests don't depend on the market/bus/ws implementation.
import Decimal from 'decimal.js';
import type { MessageBus } from '../../src/bus/types';
import type { PriceBoard, Realtime } from '../../src/realtime/types';

export const TEST_PRICES: Record<string, string> = {
  BTC: '60000',
  ETH: '3000',
  USDT: '1',
  USDC: '1',
  LTC: '80',
  XRP: '0.5',
  XLM: '0.1',
  SOL: '150',
  DOGE: '0.1',
  TON: '5',
  TRX: '0.12',
  BNB: '600',
  ADA: '0.4',
  DOT: '6',
  POL: '0.5',
  AVAX: '30',
  BCH: '400',
  DASH: '30',
  ZEC: '40',
  ETC: '25',
  ALGO: '0.2',
  XMR: '160',
  USD: '1',
  EUR: '1.08',
};

export class FakePriceBoard implements PriceBoard {
  private prices = new Map<string, Decimal>();
  updatedAt: Date | null = null;
  private listeners = new Set<() => void>();

  constructor(prices?: Record<string, string>, at: Date | null = new Date()) {
    if (prices) this.set(prices, at);
  }

  set(prices: Record<string, string>, at: Date | null = new Date()): void {
    this.prices = new Map(Object.entries(prices).map(([k, v]) => [k, new Decimal(v)]));
    this.updatedAt = at;
    for (const l of this.listeners) l();
  }
  priceUsd(currencyTitle: string): Decimal | undefined {
    return this.prices.get(currencyTitle);
  }
  ready(): Promise<void> {
    return Promise.resolve();
  }
  onTick(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const nullBus: MessageBus = {
  publish: async () => undefined,
  subscribe: async () => async () => undefined,
  close: async () => undefined,
};

export function fakeRealtime(priceBoard: PriceBoard = new FakePriceBoard(TEST_PRICES)): Realtime & { registered: boolean } {
  return {
    bus: nullBus,
    priceBoard,
    marketIsSandbox: true,
    registered: false,
    async registerWebSocket() {
      this.registered = true;
    },
    start: async () => undefined,
    stop: async () => undefined,
  };
}
