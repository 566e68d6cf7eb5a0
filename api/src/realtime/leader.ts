// Tick-leader election. With Redis: a lock key taken with `SET key id NX PX ttl` and renewed (only by its owner)
// on every tick; when the leader dies the key expires and another replica takes it. In memory: always leader.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface LeaderLock {
  /** Renews the lock when held, tries to take it otherwise. True when this process is the leader now. */
  acquireOrRenew(): Promise<boolean>;
  release(): Promise<void>;
  readonly isLeader: boolean;
}

export class LocalLeaderLock implements LeaderLock {
  isLeader = true;
  async acquireOrRenew(): Promise<boolean> {
    return this.isLeader;
  }
  async release(): Promise<void> {
    this.isLeader = false;
  }
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisLeaderLock implements LeaderLock {
  readonly id = randomUUID();
  isLeader = false;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly ttlMs: number,
  ) {}

  async acquireOrRenew(): Promise<boolean> {
    try {
      if (this.isLeader) {
        this.isLeader = Number(await this.redis.eval(RENEW, 1, this.key, this.id, this.ttlMs)) === 1;
      }
      if (!this.isLeader) {
        this.isLeader = (await this.redis.set(this.key, this.id, 'PX', this.ttlMs, 'NX')) === 'OK';
      }
    } catch (err) {
      // Unknown state: step down; the key expires if we still hold it.
      this.isLeader = false;
      throw err;
    }
    return this.isLeader;
  }

  async release(): Promise<void> {
    if (!this.isLeader) return;
    this.isLeader = false;
    await this.redis.eval(RELEASE, 1, this.key, this.id);
  }
}
