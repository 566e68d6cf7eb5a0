// SQL of the status page (migration 0015): minute marks, per-day aggregates and incidents.
import type { Incident } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';

export interface DayRow {
  day: string;
  checks: number;
  okChecks: number;
  worstSeverity: number;
}

interface IncidentRow {
  id: string | number;
  title: string;
  body: string;
  severity: Incident['severity'];
  state: Incident['state'];
  created_at: Date | string;
  resolved_at: Date | string | null;
}

const INCIDENT_COLUMNS = 'id, title, body, severity, state, created_at, resolved_at';

function toIncident(r: IncidentRow): Incident {
  return {
    id: String(r.id),
    title: r.title,
    body: r.body,
    severity: r.severity,
    state: r.state,
    createdAt: new Date(r.created_at).toISOString(),
    resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at).toISOString(),
  };
}

export function createStatusRepo(db: DbHandle) {
  const query = <T>(sql: string, params: unknown[]) => db.withSession((s) => s.query<T>(sql, params));
  return {
    /**
     * Counts one check into its day unless this minute was recorded already (by this or another replica): the mark
     * and the day's update are one statement. True when it counted.
     */
    async recordCheck(minute: Date, severity: number): Promise<boolean> {
      const rows = await query(
        `WITH mark AS (
           INSERT INTO status_checks (minute, severity) VALUES ($1::timestamptz, $2::smallint)
           ON CONFLICT (minute) DO NOTHING RETURNING minute
         )
         INSERT INTO status_days (day, checks, ok_checks, worst_severity)
         SELECT ($1::timestamptz AT TIME ZONE 'UTC')::date, 1, CASE WHEN $2::smallint = 0 THEN 1 ELSE 0 END, $2::smallint FROM mark
         ON CONFLICT (day) DO UPDATE SET
           checks = status_days.checks + 1,
           ok_checks = status_days.ok_checks + EXCLUDED.ok_checks,
           worst_severity = GREATEST(status_days.worst_severity, EXCLUDED.worst_severity)
         RETURNING day`,
        [minute.toISOString(), severity],
      );
      return rows.length > 0;
    },
    async pruneChecks(before: Date): Promise<void> {
      await query('DELETE FROM status_checks WHERE minute < $1::timestamptz', [before.toISOString()]);
    },
    /** Days from `from` (a `YYYY-MM-DD` UTC date) on, oldest first. */
    async daysSince(from: string): Promise<DayRow[]> {
      const rows = await query<{ day: string; checks: number; ok_checks: number; worst_severity: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, checks, ok_checks, worst_severity FROM status_days WHERE day >= $1::date ORDER BY day`,
        [from],
      );
      return rows.map((r) => ({ day: r.day, checks: Number(r.checks), okChecks: Number(r.ok_checks), worstSeverity: Number(r.worst_severity) }));
    },
    /** Open incidents and those created or resolved since `since`, newest first. */
    async incidentsSince(since: Date, limit: number): Promise<Incident[]> {
      const rows = await query<IncidentRow>(
        `SELECT ${INCIDENT_COLUMNS} FROM status_incidents
          WHERE resolved_at IS NULL OR created_at >= $1::timestamptz OR resolved_at >= $1::timestamptz
          ORDER BY created_at DESC, id DESC LIMIT ${Math.trunc(limit)}`,
        [since.toISOString()],
      );
      return rows.map(toIncident);
    },
    async createIncident(i: Pick<Incident, 'title' | 'body' | 'severity' | 'state'>, at: Date, by: number | null): Promise<Incident> {
      const [row] = await query<IncidentRow>(
        `INSERT INTO status_incidents (title, body, severity, state, created_at, updated_at, resolved_at, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz, CASE WHEN $4 = 'resolved' THEN $5::timestamptz END, $6, $6)
         RETURNING ${INCIDENT_COLUMNS}`,
        [i.title, i.body, i.severity, i.state, at.toISOString(), by],
      );
      return toIncident(row);
    },
    /** Null when there is no such incident. Resolving stamps resolved_at once; another state clears it (reopened). */
    async updateIncident(id: string, change: { state: Incident['state']; body?: string }, at: Date, by: number | null): Promise<Incident | null> {
      const [row] = await query<IncidentRow>(
        `UPDATE status_incidents SET
           state = $2,
           body = COALESCE($3, body),
           updated_at = $4::timestamptz,
           updated_by = $5,
           resolved_at = CASE WHEN $2 = 'resolved' THEN COALESCE(resolved_at, $4::timestamptz) END
         WHERE id = $1::bigint
         RETURNING ${INCIDENT_COLUMNS}`,
        [id, change.state, change.body ?? null, at.toISOString(), by],
      );
      return row ? toIncident(row) : null;
    },
  };
}
export type StatusRepo = ReturnType<typeof createStatusRepo>;
