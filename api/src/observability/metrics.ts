// Issue 14: the api's Prometheus metrics (prom-client). One registry per app (tests build many apps in one process),
// plus the process's default metrics (server-kit/metrics). Served on a listener of its own, never on the public port.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { createServiceRegistry } from 'server-kit/metrics';
import type { DbHandle } from '../db/client';

const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** The SQL counts behind the gauges are taken at most this often, however often Prometheus scrapes. */
const DEFAULT_DB_CACHE_MS = 5000;

/** What the WebSocket hub reports (api/src/ws): sockets, and subscriptions by channel. */
interface WsStats {
  connections: number;
  pairSubscriptions: number;
  orderSubscriptions: number;
}

export interface ApiMetricsSources {
  db?: DbHandle;
  /** The WebSocket hub of this app, once registered. */
  ws?: () => WsStats | undefined;
  dbCacheMs?: number;
  /** Collecting a database gauge failed (other than a table not there yet). */
  onError?: (err: unknown) => void;
}

export interface ApiMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly orderTransitions: Counter<'from' | 'to'>;
  readonly tickLag: Histogram;
  readonly jobLag: Histogram<'job'>;
  /** The text exposition of the app's and the process's metrics. */
  render(): Promise<string>;
  readonly contentType: string;
}

interface DbSnapshot {
  orders: { state: string; n: number }[];
  withdrawals: { status: string; n: number }[];
  webhookDeliveriesPending: number | null;
  /** null until the outbox table exists (H4's 0017_outbox.sql). */
  outbox: { topic: string; n: number }[] | null;
}

/** PostgreSQL's undefined_table: a table a later migration adds is not there (yet). */
const isMissingTable = (err: unknown) => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '42P01') return true;
  }
  return false;
};

async function rows<T>(db: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function readDb(db: DbHandle): Promise<DbSnapshot> {
  const orders = await rows<{ state: string; n: number }>(db, sql`SELECT status AS state, count(*)::int AS n FROM orders GROUP BY status`);
  const withdrawals = await rows<{ status: string; n: number }>(
    db,
    sql`SELECT status, count(*)::int AS n FROM withdrawals WHERE status IN ('PENDING', 'PROCESSING') GROUP BY status`,
  );
  const optional = async <T>(query: ReturnType<typeof sql>): Promise<T[] | null> => {
    try {
      return await rows<T>(db, query);
    } catch (err) {
      if (isMissingTable(err)) return null;
      throw err;
    }
  };
  const deliveries = await optional<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'PENDING'`);
  // Depth = not yet delivered and not given up on (the brief's outbox_messages shape).
  const outbox = await optional<{ topic: string; n: number }>(
    sql`SELECT topic, count(*)::int AS n FROM outbox_messages WHERE delivered_at IS NULL AND failed_at IS NULL GROUP BY topic`,
  );
  return { orders, withdrawals, webhookDeliveriesPending: deliveries ? Number(deliveries[0]?.n ?? 0) : null, outbox };
}

/** Order states known to the lifecycle (lifecycle.ts): each is exported, 0 when no order is in it. */
export function createApiMetrics(sources: ApiMetricsSources & { orderStates?: readonly string[] } = {}): ApiMetrics {
  const service = createServiceRegistry();
  const register = service.registers;

  const httpDuration = service.latencyHistogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
  });
  const orderTransitions = new Counter({
    name: 'exchange_order_transitions_total',
    help: 'Order status transitions (§4 lifecycle), by from and to status; from="NEW" is a created order',
    labelNames: ['from', 'to'] as const,
    registers: register,
  });
  const tickLag = new Histogram({
    name: 'exchange_tick_lag_seconds',
    help: 'Time from a rate tick being made (its timestamp) to this process applying it',
    buckets: LAG_BUCKETS,
    registers: register,
  });
  const jobLag = new Histogram({
    name: 'exchange_job_lag_seconds',
    help: 'How late a due job pass starts, by job',
    labelNames: ['job'] as const,
    buckets: LAG_BUCKETS,
    registers: register,
  });

  const ws = sources.ws;
  new Gauge({
    name: 'exchange_ws_connections',
    help: 'Open WebSocket connections',
    registers: register,
    collect() {
      this.set(ws?.()?.connections ?? 0);
    },
  });
  new Gauge({
    name: 'exchange_ws_subscriptions',
    help: 'WebSocket subscriptions, by channel (pairs: rate subscriptions; orders: order subscriptions)',
    labelNames: ['channel'] as const,
    registers: register,
    collect() {
      const s = ws?.();
      this.set({ channel: 'pairs' }, s?.pairSubscriptions ?? 0);
      this.set({ channel: 'orders' }, s?.orderSubscriptions ?? 0);
    },
  });

  const db = sources.db;
  if (db) {
    const cacheMs = sources.dbCacheMs ?? DEFAULT_DB_CACHE_MS;
    let cached: { at: number; value: Promise<DbSnapshot | null> } | undefined;
    const snapshot = (): Promise<DbSnapshot | null> => {
      const now = Date.now();
      if (!cached || now - cached.at >= cacheMs) {
        cached = {
          at: now,
          value: readDb(db).catch((err) => {
            sources.onError?.(err);
            return null;
          }),
        };
      }
      return cached.value;
    };
    const states = sources.orderStates ?? [];
    new Gauge({
      name: 'exchange_orders',
      help: 'Orders by status (§4 lifecycle)',
      labelNames: ['state'] as const,
      registers: register,
      async collect() {
        const s = await snapshot();
        if (!s) return;
        this.reset();
        for (const state of states) this.set({ state }, 0);
        for (const r of s.orders) this.set({ state: r.state }, Number(r.n));
      },
    });
    new Gauge({
      name: 'exchange_withdrawals_pending',
      help: 'Account withdrawals not yet paid out or failed, by status',
      labelNames: ['status'] as const,
      registers: register,
      async collect() {
        const s = await snapshot();
        if (!s) return;
        this.set({ status: 'PENDING' }, 0);
        this.set({ status: 'PROCESSING' }, 0);
        for (const r of s.withdrawals) this.set({ status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'exchange_outbox_depth',
      help: 'Outbox messages (mail, webhook) not yet delivered nor given up on',
      labelNames: ['topic'] as const,
      registers: register,
      async collect() {
        const s = await snapshot();
        this.reset();
        if (!s?.outbox) return;
        this.set({ topic: 'mail' }, 0);
        this.set({ topic: 'webhook' }, 0);
        for (const r of s.outbox) this.set({ topic: r.topic }, Number(r.n));
      },
    });
    new Gauge({
      name: 'exchange_webhook_deliveries_pending',
      help: 'Partner webhook deliveries waiting for their (next) attempt',
      registers: register,
      async collect() {
        const s = await snapshot();
        if (s?.webhookDeliveriesPending != null) this.set(s.webhookDeliveriesPending);
      },
    });
  }

  return {
    registry: service.registry,
    httpDuration,
    orderTransitions,
    tickLag,
    jobLag,
    contentType: service.contentType,
    render: service.render,
  };
}
