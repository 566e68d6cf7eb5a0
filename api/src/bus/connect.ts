// The api process's one Redis connection for commands (issue 26): the limit store's counts (limits/), the bus's
// PUBLISH and the tick-leader lock share it. Only the bus's subscriber has a connection of its own (a connection in
// subscriber mode takes no other commands).
import { Redis } from 'ioredis';

/**
 * A command fails after one reconnection attempt instead of twenty (ioredis' default): with Redis down, an order event
 * or a tick-leader renewal must not hold its caller for ~10 s (issue 14 fault tests). The offline queue stays, so a
 * command sent before the first connection waits for it; the limits never wait (they count only while connected).
 */
export function connectRedisCommands(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, { connectionName: 'exchange-commands', maxRetriesPerRequest: 1 });
  // Without a listener an 'error' event would crash the process; ioredis reconnects on its own, and the bus reports.
  redis.on('error', () => undefined);
  return redis;
}

/** Quits, or drops the connection when Redis does not answer. */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
  redis.disconnect();
}
