import type { Redis } from 'ioredis';
import type { BusErrorReporter } from './deliver';
import { MemoryBus } from './memory';
import { RedisBus } from './redis';
import type { MessageBus } from './types';

export type { MessageBus } from './types';
export { MemoryBus } from './memory';
export { RedisBus } from './redis';
export { closeRedis, connectRedisCommands } from './connect';

export interface CreateBusOptions {
  /** Channel/key prefix on Redis (ignored in memory). */
  prefix?: string;
  report?: BusErrorReporter;
  /** The process's Redis command connection, shared as the publisher (bus/connect.ts). */
  commands?: Redis;
}

/** Redis pub/sub when a URL is given, else the in-process bus. */
export function createBus(redisUrl?: string, options: CreateBusOptions = {}): MessageBus {
  return redisUrl ? new RedisBus(redisUrl, options) : new MemoryBus(options.report);
}
