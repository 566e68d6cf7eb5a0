// The public status page (issue 13; the §4 health statuses OK / TECHNICAL_DIFFICULTIES / UNHEALTHY). The api checks its
// own health every minute and counts each check into its UTC day (checks, OK checks, the worst status); the page
// shows the health now, the last STATUS_HISTORY_DAYS days (NO_DATA where nothing was recorded: the api was not
// running) and the incidents an admin posts.
import {
  ApiError,
  HEALTH_STATUSES,
  STATUS_HISTORY_DAYS,
  type Health,
  type HealthStatus,
  type Incident,
  type StatusDay,
  type StatusPage,
} from 'shared-contracts/server';
import type { StatusRepo } from './repo';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Minute marks are only needed while their day can still be counted twice. */
const KEEP_CHECK_MARKS_MS = 2 * DAY_MS;
/** At most this many incidents on the page (open ones and those of the period). */
const MAX_INCIDENTS = 100;
/** okRatio digits: 1 failed check in 1440 (a day's minutes) still shows. */
const RATIO_DIGITS = 6;
/**
 * Right after a start the price board has had no tick yet, which checkHealth reads as TECHNICAL_DIFFICULTIES: a
 * restart is not an incident, so such checks are not recorded in the first minutes of a process.
 */
export const STARTUP_GRACE_MS = 2 * MINUTE_MS;

const severityOf = (status: HealthStatus): number => HEALTH_STATUSES.indexOf(status);

/** `ok / checks` as a decimal string, rounded down to 6 digits (a day with a failure never reads as 1). */
export function okRatio(ok: number, checks: number): string {
  const scale = 10n ** BigInt(RATIO_DIGITS);
  const q = (BigInt(ok) * scale) / BigInt(checks);
  const whole = q / scale;
  const frac = (q % scale).toString().padStart(RATIO_DIGITS, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** `YYYY-MM-DD` of a UTC day. */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface StatusServiceDeps {
  repo: StatusRepo;
  /** The §4 health check (health/routes.ts checkHealth with its deps). */
  checkHealth: () => Promise<Health>;
  /** True until the price board has had its first tick. */
  marketNeverPriced: () => boolean;
  now?: () => number;
}

export function createStatusService(d: StatusServiceDeps) {
  const now = d.now ?? Date.now;
  const startedAt = now();
  /** The first UTC day of the page's period. */
  const firstDay = (at: number) => Math.floor(at / DAY_MS) * DAY_MS - (STATUS_HISTORY_DAYS - 1) * DAY_MS;
  /** Open incidents and those of the page's period, newest first (what the page lists). */
  const incidents = (): Promise<Incident[]> => d.repo.incidentsSince(new Date(firstDay(now())), MAX_INCIDENTS);

  return {
    /** Checks health and counts it into today, once per minute across replicas. True when this call counted it. */
    async recordNow(): Promise<boolean> {
      const health = await d.checkHealth();
      const at = now();
      if (health.status === 'TECHNICAL_DIFFICULTIES' && d.marketNeverPriced() && at - startedAt < STARTUP_GRACE_MS) return false;
      const minute = new Date(Math.floor(at / MINUTE_MS) * MINUTE_MS);
      const counted = await d.repo.recordCheck(minute, severityOf(health.status));
      if (counted) await d.repo.pruneChecks(new Date(at - KEEP_CHECK_MARKS_MS));
      return counted;
    },

    async page(): Promise<StatusPage> {
      const health = await d.checkHealth();
      const at = now();
      const first = firstDay(at);
      const today = first + (STATUS_HISTORY_DAYS - 1) * DAY_MS;
      const rows = new Map((await d.repo.daysSince(utcDate(first))).map((r) => [r.day, r]));
      const days: StatusDay[] = [];
      for (let day = first; day <= today; day += DAY_MS) {
        const date = utcDate(day);
        const row = rows.get(date);
        days.push(
          row && row.checks > 0
            ? { date, status: HEALTH_STATUSES[row.worstSeverity] ?? 'UNHEALTHY', okRatio: okRatio(row.okChecks, row.checks) }
            : { date, status: 'NO_DATA', okRatio: null },
        );
      }
      return { current: health.status, checkedAt: new Date(at).toISOString(), days, incidents: await incidents() };
    },

    incidents,

    createIncident(input: Pick<Incident, 'title' | 'body' | 'severity' | 'state'>, adminId: number | null): Promise<Incident> {
      return d.repo.createIncident(input, new Date(now()), adminId);
    },

    /** Unknown id → 404 ERR_NOT_FOUND. */
    async updateIncident(input: { id: string; state: Incident['state']; body?: string }, adminId: number | null): Promise<Incident> {
      const id = input.id.trim();
      const updated = /^[1-9]\d{0,17}$/.test(id) ? await d.repo.updateIncident(id, input, new Date(now()), adminId) : null;
      if (!updated) throw ApiError.of('ERR_NOT_FOUND', 'No incident with this id', { fields: { id: 'no incident with this id' } });
      return updated;
    },
  };
}
export type StatusService = ReturnType<typeof createStatusService>;

export interface StatusRecorder {
  stop(): Promise<void>;
}

/** Records once now and then every `intervalMs`; the timer never keeps the process alive. */
export function startStatusRecorder(record: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void): StatusRecorder {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = record()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
