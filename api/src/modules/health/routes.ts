// §4 Health: OK enables the app, TECHNICAL_DIFFICULTIES (stale prices) disables it, UNHEALTHY (database
// down) disables it and makes the client retry.
import type { FastifyInstance } from 'fastify';
import { apiRoutes, type Health } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { PriceBoard } from '../../realtime/types';

export interface HealthDeps {
  db: Pick<DbHandle, 'ping'>;
  priceBoard: Pick<PriceBoard, 'updatedAt'>;
  sandbox: Health['sandbox'];
  /** Issue 28: the custody adapter's name and, for a real chain, its follower's state (the hot wallet's balance and pending payouts go to /metrics only). */
  custody?: {
    adapter: string;
    chain: (() => Promise<{ chainId: number; latestBlockSeen: string | null; nodeHead: string | null; lagBlocks: number | null; error: string | null }>) | null;
  };
  version: string;
  priceStaleAfterMs: number;
  dbTimeoutMs?: number;
  now?: () => number;
}

async function dbUp(db: HealthDeps['db'], timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db.ping().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(deps: HealthDeps): Promise<Health> {
  const now = deps.now ?? Date.now;
  const db = await dbUp(deps.db, deps.dbTimeoutMs ?? 2_000);
  const updatedAt = deps.priceBoard.updatedAt;
  const market = updatedAt !== null && now() - updatedAt.getTime() <= deps.priceStaleAfterMs;
  const status: Health['status'] = !db ? 'UNHEALTHY' : market ? 'OK' : 'TECHNICAL_DIFFICULTIES';
  const checks: Health['checks'] = { db: db ? 'up' : 'down', market: market ? 'up' : 'down' };
  let custody: Health['custody'];
  if (deps.custody) {
    custody = { adapter: deps.custody.adapter };
    if (deps.custody.chain) {
      // A chain node that is down stops deposits being seen, not the site: reported, the status unchanged.
      const c = await deps.custody.chain();
      custody.chain = { chainId: c.chainId, latestBlockSeen: c.latestBlockSeen, nodeHead: c.nodeHead, lagBlocks: c.lagBlocks };
      checks.chain = c.error === null && c.nodeHead !== null ? 'up' : 'down';
    }
  }
  return { status, version: deps.version, sandbox: deps.sandbox, checks, ...(custody ? { custody } : {}) };
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.health, () => checkHealth(deps), opts);
  registerRoute(app, apiRoutes.healthz, () => ({ status: 'ok' as const }), opts);
}
