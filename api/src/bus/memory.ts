// In-process bus: the default when REDIS_URL is unset (one api process).
import { type BusErrorReporter, type BusHandler, defaultBusErrorReporter, deliver } from './deliver';
import type { MessageBus } from './types';

export class MemoryBus implements MessageBus {
  private readonly channels = new Map<string, Set<BusHandler>>();
  private closed = false;

  constructor(private readonly report: BusErrorReporter = defaultBusErrorReporter) {}

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    const handlers = this.channels.get(channel);
    if (!handlers || handlers.size === 0) return;
    // Delivered on a later microtask, like a network bus: publishers never re-enter their own subscribers.
    queueMicrotask(() => deliver(handlers, channel, message, this.report));
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('bus is closed');
    // Wrapped so the same function subscribed twice gets two independent subscriptions.
    const entry: BusHandler = (m) => handler(m);
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(entry);
    return async () => {
      set.delete(entry);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
  }
}
