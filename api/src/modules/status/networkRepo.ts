// SQL of per-network status (issue 29, migration 0030): the incidents an operator opens on a network with their
// updates, and the order job's progress on each network (the sandbox networks' own signal).
import type { NetworkIncident } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';

interface IncidentRow {
  id: string | number;
  network_title: string;
  scope: NetworkIncident['scope'];
  state: NetworkIncident['state'];
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  resolved_at: Date | string | null;
}

interface UpdateRow {
  incident_id: string | number;
  state: NetworkIncident['updates'][number]['state'];
  body: string;
  created_at: Date | string;
}

/** The order job's progress on one network's orders (slugs of its instruments). */
interface NetworkProgress {
  /** The newest deposit confirmation seen on this network's orders of the past week. */
  lastConfirmationAt: Date | null;
  /** The oldest progress (last confirmation, else the deposit) of an order still confirming a deposit on it. */
  oldestConfirmingSince: Date | null;
  /** Since when the oldest order paying out on it has been doing so. */
  oldestWithdrawingSince: Date | null;
}

const COLUMNS = 'id, network_title, scope, state, title, created_at, updated_at, resolved_at';
const iso = (v: Date | string) => new Date(v).toISOString();
const dateOrNull = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

export function createNetworkRepo(db: DbHandle) {
  const query = <T>(sql: string, params: unknown[]) => db.withSession((s) => s.query<T>(sql, params));

  /** Rows with their updates, oldest update first. */
  async function withUpdates(rows: IncidentRow[]): Promise<NetworkIncident[]> {
    if (rows.length === 0) return [];
    const updates = await query<UpdateRow>(
      `SELECT incident_id, state, body, created_at FROM network_incident_updates WHERE incident_id = ANY($1::bigint[]) ORDER BY incident_id, id`,
      [rows.map((r) => String(r.id))],
    );
    const byIncident = new Map<string, NetworkIncident['updates']>();
    for (const u of updates) {
      const list = byIncident.get(String(u.incident_id)) ?? [];
      list.push({ state: u.state, body: u.body, createdAt: iso(u.created_at) });
      byIncident.set(String(u.incident_id), list);
    }
    return rows.map((r) => ({
      id: String(r.id),
      networkTitle: r.network_title,
      scope: r.scope,
      state: r.state,
      title: r.title,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      resolvedAt: r.resolved_at === null ? null : iso(r.resolved_at),
      updates: byIncident.get(String(r.id)) ?? [],
    }));
  }

  return {
    /** Every open incident, oldest first. */
    async openIncidents(): Promise<NetworkIncident[]> {
      return withUpdates(await query<IncidentRow>(`SELECT ${COLUMNS} FROM network_incidents WHERE resolved_at IS NULL ORDER BY created_at, id`, []));
    },
    /** Open incidents and those updated since `since`, the latest update first. */
    async incidentsSince(since: Date, limit: number): Promise<NetworkIncident[]> {
      const rows = await query<IncidentRow>(
        `SELECT ${COLUMNS} FROM network_incidents WHERE resolved_at IS NULL OR updated_at >= $1::timestamptz
          ORDER BY updated_at DESC, id DESC LIMIT ${Math.trunc(limit)}`,
        [since.toISOString()],
      );
      return withUpdates(rows);
    },
    /** The incident and its first update, one statement. */
    async open(
      i: Pick<NetworkIncident, 'networkTitle' | 'scope' | 'state' | 'title'> & { body: string },
      at: Date,
      by: number | null,
    ): Promise<NetworkIncident> {
      const [row] = await query<IncidentRow>(
        `WITH incident AS (
           INSERT INTO network_incidents (network_title, scope, state, title, created_at, updated_at, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $6::timestamptz, $6::timestamptz, $7, $7) RETURNING ${COLUMNS}
         ), first_update AS (
           INSERT INTO network_incident_updates (incident_id, state, body, created_at, created_by)
           SELECT id, state, $5, created_at, $7 FROM incident
         )
         SELECT ${COLUMNS} FROM incident`,
        [i.networkTitle, i.scope, i.state, i.title, i.body, at.toISOString(), by],
      );
      const [incident] = await withUpdates([row]);
      return incident;
    },
    /**
     * Adds an update to an open incident, one statement: delayed or paused becomes its state, resolved closes it.
     * `missing` when there is no such incident, `resolved` when it was closed already.
     */
    async update(
      id: string,
      change: { state: NetworkIncident['updates'][number]['state']; body: string },
      at: Date,
      by: number | null,
    ): Promise<NetworkIncident | 'missing' | 'resolved'> {
      const [row] = await query<IncidentRow>(
        `WITH incident AS (
           UPDATE network_incidents SET
             state = CASE WHEN $2::text = 'resolved' THEN state ELSE $2::text END,
             updated_at = $4::timestamptz,
             updated_by = $5,
             resolved_at = CASE WHEN $2::text = 'resolved' THEN $4::timestamptz END
           WHERE id = $1::bigint AND resolved_at IS NULL
           RETURNING ${COLUMNS}
         ), added AS (
           INSERT INTO network_incident_updates (incident_id, state, body, created_at, created_by)
           SELECT id, $2::text, $3, $4::timestamptz, $5 FROM incident
         )
         SELECT ${COLUMNS} FROM incident`,
        [id, change.state, change.body, at.toISOString(), by],
      );
      if (!row) {
        const [exists] = await query<{ id: string }>('SELECT id FROM network_incidents WHERE id = $1::bigint', [id]);
        return exists ? 'resolved' : 'missing';
      }
      const [incident] = await withUpdates([row]);
      return incident;
    },
    /**
     * The order job's progress per instrument slug, from the orders of the past week (orders_created_at_idx) and those
     * still confirming or paying out (orders_status_idx).
     */
    async progressBySlug(since: Date): Promise<{ deposits: Map<string, Omit<NetworkProgress, 'oldestWithdrawingSince'>>; payouts: Map<string, Date> }> {
      const [seen, confirming, withdrawing] = await Promise.all([
        query<{ slug: string; at: Date | string | null }>(
          `SELECT from_slug AS slug, max(last_confirmation_at) AS at FROM orders
            WHERE created_at >= $1::timestamptz AND last_confirmation_at IS NOT NULL GROUP BY from_slug`,
          [since.toISOString()],
        ),
        query<{ slug: string; at: Date | string | null }>(
          `SELECT from_slug AS slug, min(COALESCE(last_confirmation_at, deposit_at, updated_at)) AS at FROM orders
            WHERE status = 'CONFIRMING' GROUP BY from_slug`,
          [],
        ),
        query<{ slug: string; at: Date | string | null }>(
          `SELECT to_slug AS slug, min(updated_at) AS at FROM orders WHERE status = 'WITHDRAWING' GROUP BY to_slug`,
          [],
        ),
      ]);
      const deposits = new Map<string, Omit<NetworkProgress, 'oldestWithdrawingSince'>>();
      for (const r of seen) deposits.set(r.slug, { lastConfirmationAt: dateOrNull(r.at), oldestConfirmingSince: null });
      for (const r of confirming) {
        const entry = deposits.get(r.slug) ?? { lastConfirmationAt: null, oldestConfirmingSince: null };
        deposits.set(r.slug, { ...entry, oldestConfirmingSince: dateOrNull(r.at) });
      }
      const payouts = new Map<string, Date>();
      for (const r of withdrawing) {
        const at = dateOrNull(r.at);
        if (at) payouts.set(r.slug, at);
      }
      return { deposits, payouts };
    },
  };
}
export type NetworkRepo = ReturnType<typeof createNetworkRepo>;
