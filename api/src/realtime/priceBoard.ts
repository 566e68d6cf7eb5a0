// The PriceBoard every process serves from. It is fed ONLY by tick messages from the bus (the leader's own ticks
// included), so all replicas hold the same tick.
import Decimal from 'decimal.js';
import type { PriceBoard } from './types';

/** The wire format of BUS_CHANNELS.rateTick. */
export interface RateTickMessage {
  tick: number;
  /** ISO time the leader computed the tick. */
  at: string;
  /** USD price per currencyTitle as a decimal string. */
  prices: Record<string, string>;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export function parseRateTick(raw: string): RateTickMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { tick, at, prices } = value as Partial<RateTickMessage>;
  if (typeof tick !== 'number' || !Number.isSafeInteger(tick) || typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
  if (!prices || typeof prices !== 'object') return undefined;
  for (const v of Object.values(prices)) if (typeof v !== 'string' || !DECIMAL.test(v)) return undefined;
  return { tick, at, prices };
}

export class BusPriceBoard implements PriceBoard {
  private prices = new Map<string, Decimal>();
  private currentTick: number | null = null;
  private at: Date | null = null;
  private readonly listeners = new Set<() => void>();
  private resolveReady!: () => void;
  private readonly readyPromise = new Promise<void>((r) => (this.resolveReady = r));

  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  get updatedAt(): Date | null {
    return this.at;
  }

  /** Index of the last tick applied; null before the first. */
  get tick(): number | null {
    return this.currentTick;
  }

  priceUsd(currencyTitle: string): Decimal | undefined {
    return this.prices.get(currencyTitle) ?? this.prices.get(currencyTitle.toUpperCase());
  }

  /** All prices of the current tick. */
  snapshot(): ReadonlyMap<string, Decimal> {
    return this.prices;
  }

  ready(): Promise<void> {
    return this.readyPromise;
  }

  onTick(listener: () => void): () => void {
    const entry = () => listener();
    this.listeners.add(entry);
    return () => void this.listeners.delete(entry);
  }

  /** Applies a tick message; stale or duplicate ticks (e.g. around a leader fail-over) are ignored. */
  apply(message: RateTickMessage): boolean {
    if (this.currentTick !== null && message.tick <= this.currentTick) return false;
    const next = new Map<string, Decimal>();
    for (const [title, price] of Object.entries(message.prices)) next.set(title, new Decimal(price));
    this.prices = next;
    this.currentTick = message.tick;
    this.at = new Date(message.at);
    this.resolveReady();
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (err) {
        this.onListenerError(err);
      }
    }
    return true;
  }
}
