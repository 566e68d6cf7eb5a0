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
  return {
    status,
    version: deps.version,
    sandbox: deps.sandbox,
    checks: { db: db ? 'up' : 'down', market: market ? 'up' : 'down' },
  };
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps, opts: RegisterOptions): void {
  registerRoute(app, apiRoutes.health, () => checkHealth(deps), opts);
  registerRoute(app, apiRoutes.healthz, () => ({ status: 'ok' as const }), opts);
}
