// The first-party analytics sink (issue 13; §4 analytics events, §9 session id): POST /api/v1/analytics/events takes
// a batch of up to 50 events from the shell's AnalyticsService, checks it against the contract (AnalyticsBatchSchema:
// an unknown event or user_type is a 400 ERR_VALIDATION), stores each event in analytics_events (0016_analytics.sql)
// with the account id when the request carries a live session (optional: a guest, or an expired token, is stored
// without one — analytics never answers 401), then hands the batch to the forwarder, if one is configured
// (forwarder.ts: the adapter interface and the HTTP example, ANALYTICS_FORWARD_URL).
//   auth: none (the session is read if present); rate limit: analyticsCollect per address (api/src/limits/);
//   logs: nothing of the payload — a failed forward logs its status or error kind and the batch size only.
// Personal data never reaches the table: privacy.ts drops the path's query and hash and personal-looking data.
import type { FastifyInstance } from 'fastify';
import { apiRoutes, type AnalyticsRecord } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { Authenticator } from '../accounts';
import { configuredForwarder, failureReason, type AnalyticsForwarder, type ForwardedEvent } from './forwarder';
import { forwardedData, keptData, keptPath, occurredAt } from './privacy';
import { createOrderJob } from '../../jobs/orderJob';
import { analyticsRetentionPass } from './retention';

const RETENTION_EVERY_MS = 60 * 60 * 1000;

interface AnalyticsDeps {
  db: DbHandle;
  /** Reads the request's session, if any (the accounts module's). Absent: every event is stored without an account. */
  authenticator?: Authenticator;
  /** Default: from the configuration (ANALYTICS_FORWARD_URL), else none. */
  forwarder?: AnalyticsForwarder | null;
  now?: () => number;
}

interface StoredEvent extends ForwardedEvent {
  userId: number | null;
}

function toStored(record: AnalyticsRecord, userId: number | null, receivedMs: number): StoredEvent {
  return {
    event: record.event,
    user_type: record.user_type,
    sessionId: record.sessionId ?? null,
    path: keptPath(record.path),
    occurredAt: occurredAt(record.occurredAt, receivedMs).toISOString(),
    receivedAt: new Date(receivedMs).toISOString(),
    data: keptData(record.data),
    userId,
  };
}

async function insertEvents(db: DbHandle, events: readonly StoredEvent[]): Promise<void> {
  const params: unknown[] = [];
  const rows = events.map((e) => {
    const at = params.length;
    params.push(e.event, e.user_type, e.sessionId, e.path, e.occurredAt, e.receivedAt, e.userId, JSON.stringify(e.data));
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::timestamptz, $${at + 6}::timestamptz, $${at + 7}::bigint, $${at + 8}::jsonb)`;
  });
  await db.withSession((s) =>
    s.query(`INSERT INTO analytics_events (event, user_type, session_id, path, occurred_at, received_at, user_id, data) VALUES ${rows.join(', ')}`, params),
  );
}

/** The signed-in account of the request, or null (a guest, an expired or invalid token, or no authenticator). */
async function accountOf(authenticator: Authenticator | undefined, request: Parameters<Authenticator['resolve']>[0]): Promise<number | null> {
  if (!authenticator) return null;
  try {
    const resolved = await authenticator.resolve(request);
    return resolved && typeof resolved === 'object' ? resolved.userId : null;
  } catch {
    return null;
  }
}

export function registerAnalyticsModule(app: FastifyInstance, config: ModuleConfig<'analytics'>, deps: AnalyticsDeps, opts: RegisterOptions): void {
  const forwarder = deps.forwarder === undefined ? configuredForwarder(config.analytics) : deps.forwarder;
  const now = deps.now ?? Date.now;
  registerRoute(
    app,
    apiRoutes.analyticsCollect,
    async ({ body, request }) => {
      const receivedMs = now();
      const userId = await accountOf(deps.authenticator, request);
      const events = body.events.map((record) => toStored(record, userId, receivedMs));
      await insertEvents(deps.db, events);
      if (forwarder) {
        // Issue 24: no identifier leaves the site (the paths are already without them).
        const outgoing = events.map(({ userId: _, data, ...forwarded }) => ({ ...forwarded, data: forwardedData(data) }));
        forwarder.forward(outgoing).catch((error: unknown) => {
          app.log.warn({ reason: failureReason(error), events: outgoing.length }, 'analytics forward failed');
        });
      }
      return { accepted: events.length };
    },
    opts,
  );

  const retention = createOrderJob({
    processDue: async () => {
      const deleted = await analyticsRetentionPass(deps.db, config.analytics.retentionDays, new Date(now()));
      if (deleted) app.log.info({ deleted }, 'analytics events deleted (retention)');
    },
    intervalMs: RETENTION_EVERY_MS,
    log: app.log,
  });
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', () => retention.stop());
}
