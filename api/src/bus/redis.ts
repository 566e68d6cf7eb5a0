// Redis pub/sub bus: the process's command connection publishes (bus/connect.ts: shared with the limits and the
// tick-leader lock) and one subscriber connection listens, so several api replicas see the same rate ticks and order
// events.
import { Redis } from 'ioredis';
import { closeRedis, connectRedisCommands } from './connect';
import { type BusErrorReporter, type BusHandler, defaultBusErrorReporter, deliver } from './deliver';
import type { MessageBus } from './types';

export interface RedisBusOptions {
  /** Prepended to every channel name, so several deployments (or test runs) can share one Redis. */
  prefix?: string;
  report?: BusErrorReporter;
  /** The process's command connection (its owner closes it); none: the bus opens and closes one of its own. */
  commands?: Redis;
}

export class RedisBus implements MessageBus {
  /** Connection for PUBLISH and ordinary commands. */
  readonly publisher: Redis;
  private readonly ownsPublisher: boolean;
  private readonly subscriber: Redis;
  private readonly channels = new Map<string, Set<BusHandler>>();
  /** SUBSCRIBE in flight or done per channel, so a second subscriber also waits until the channel is live. */
  private readonly live = new Map<string, Promise<unknown>>();
  private readonly prefix: string;
  private readonly report: BusErrorReporter;
  private closed = false;
  /** The publisher connected at least once. */
  private wasReady = false;

  private readonly onError = (err: Error) => this.report(err, '<connection>');
  private readonly onReady = () => {
    this.wasReady = true;
  };

  constructor(redisUrl: string, options: RedisBusOptions = {}) {
    this.prefix = options.prefix ?? '';
    this.report = options.report ?? defaultBusErrorReporter;
    this.ownsPublisher = !options.commands;
    this.publisher = options.commands ?? connectRedisCommands(redisUrl);
    this.subscriber = new Redis(redisUrl, { connectionName: 'exchange-bus-sub' });
    // Without a listener an 'error' event would crash the process; ioredis reconnects on its own.
    this.wasReady = this.publisher.status === 'ready';
    this.publisher.on('error', this.onError);
    this.publisher.on('ready', this.onReady);
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (fullChannel: string, message: string) => {
      if (!fullChannel.startsWith(this.prefix)) return;
      const channel = fullChannel.slice(this.prefix.length);
      const handlers = this.channels.get(channel);
      if (handlers) deliver(handlers, channel, message, this.report);
    });
  }

  /** The Redis key or channel name for a logical name under this bus's prefix. */
  key(name: string): string {
    return this.prefix + name;
  }

  /**
   * True while the connection, once up, is down (ioredis reconnecting). Before the first connection commands still
   * wait in ioredis' queue, so a replica starting beside a healthy Redis does not count as cut off.
   */
  get unavailable(): boolean {
    return this.wasReady && this.publisher.status !== 'ready';
  }

  async publish(channel: string, message: string): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    // Redis down: fail now rather than wait in ioredis' offline queue through its reconnections (issue 14).
    if (this.unavailable) throw new Error('bus unavailable: Redis is not connected');
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('bus is closed');
    const entry: BusHandler = (m) => handler(m);
    let set = this.channels.get(channel);
    if (!set) {
      this.channels.set(channel, (set = new Set()));
      this.live.set(channel, this.subscriber.subscribe(this.prefix + channel));
    }
    try {
      await this.live.get(channel);
    } catch (err) {
      if (this.channels.get(channel) === set && set.size === 0) {
        this.channels.delete(channel);
        this.live.delete(channel);
      }
      throw err;
    }
    set.add(entry);
    return async () => {
      if (!set.delete(entry) || set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      this.live.delete(channel);
      if (!this.closed) await this.subscriber.unsubscribe(this.prefix + channel).catch((err) => this.report(err, channel));
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.channels.clear();
    this.publisher.off('error', this.onError).off('ready', this.onReady);
    await Promise.allSettled([closeRedis(this.subscriber), this.ownsPublisher && closeRedis(this.publisher)]);
  }
}
