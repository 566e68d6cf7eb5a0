// Issue 29 "no surprise holds": the status page's monthly counts of held, refunded and completed orders (counts only:
// no order, address or amount leaves this file) and the refund time a held order is promised (HOLD_REFUND_HOURS).
// Read from order_events (DEPOSIT_ON_HOLD, REFUND_REQUESTED, REFUND_COMPLETED, WITHDRAWAL_COMPLETED; their kind and
// time are indexed by 0031), computed at most once per HOLD_REPORT_CACHE_MS per replica however many ask.
import type { HoldMonth, HoldReport } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';

/** The report is this fresh at worst (and public caches keep it as long). */
export const HOLD_REPORT_CACHE_MS = 5 * 60_000;
/** The current UTC month and the 11 before it. */
const HOLD_REPORT_MONTHS = 12;

interface MonthRow {
  month: string;
  held: number | string;
  refunded: number | string;
  completed: number | string;
  held_refunded: number | string;
  held_refunded_in_time: number | string;
}

/**
 * Per UTC month of the event: orders held, refunded and completed, and of the refunds those of held orders (an order
 * with a hold reason) and how many of them were sent within `hours` of the customer's request (its last
 * REFUND_REQUESTED before the refund). Each order counts once per kind and month.
 */
const MONTHS_SQL = `
  SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
         count(DISTINCT e.order_id) FILTER (WHERE e.kind = 'DEPOSIT_ON_HOLD') AS held,
         count(DISTINCT e.order_id) FILTER (WHERE e.kind = 'REFUND_COMPLETED') AS refunded,
         count(DISTINCT e.order_id) FILTER (WHERE e.kind = 'WITHDRAWAL_COMPLETED') AS completed,
         count(DISTINCT e.order_id) FILTER (WHERE e.kind = 'REFUND_COMPLETED' AND o.hold_reason IS NOT NULL) AS held_refunded,
         count(DISTINCT e.order_id) FILTER (
           WHERE e.kind = 'REFUND_COMPLETED' AND o.hold_reason IS NOT NULL
             AND e.created_at <= (
               SELECT max(r.created_at) FROM order_events r
                WHERE r.order_id = e.order_id AND r.kind = 'REFUND_REQUESTED' AND r.created_at <= e.created_at
             ) + $3::int * interval '1 hour'
         ) AS held_refunded_in_time
    FROM order_events e
    LEFT JOIN orders o ON o.order_id = e.order_id
   WHERE e.kind IN ('DEPOSIT_ON_HOLD', 'REFUND_COMPLETED', 'WITHDRAWAL_COMPLETED')
     AND e.created_at >= $1::timestamptz AND e.created_at < $2::timestamptz
   GROUP BY 1`;

/** `YYYY-MM` of the UTC month `offset` months from the one of `at`. */
const monthOf = (at: Date, offset: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));

interface HoldReportDeps {
  db: DbHandle;
  /** HOLD_REFUND_HOURS. */
  refundWithinHours: number;
  now?: () => number;
}

export function createHoldReport({ db, refundWithinHours, now = Date.now }: HoldReportDeps) {
  let cached: { at: number; report: Promise<HoldReport> } | null = null;

  async function compute(at: number): Promise<HoldReport> {
    const t = new Date(at);
    const first = monthOf(t, 1 - HOLD_REPORT_MONTHS);
    const end = monthOf(t, 1);
    const rows = await db.withSession((s) => s.query<MonthRow>(MONTHS_SQL, [first.toISOString(), end.toISOString(), refundWithinHours]));
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    const months: HoldMonth[] = [];
    for (let i = 0; i < HOLD_REPORT_MONTHS; i++) {
      const month = monthOf(first, i).toISOString().slice(0, 7);
      const r = byMonth.get(month);
      months.push({
        month,
        held: Number(r?.held ?? 0),
        refunded: Number(r?.refunded ?? 0),
        completed: Number(r?.completed ?? 0),
        heldRefunded: Number(r?.held_refunded ?? 0),
        heldRefundedInTime: Number(r?.held_refunded_in_time ?? 0),
      });
    }
    return { refundWithinHours, months, generatedAt: t.toISOString() };
  }

  return {
    /** The report of at most HOLD_REPORT_CACHE_MS ago (one computation at a time; a failed one is not kept). */
    report(): Promise<HoldReport> {
      const at = now();
      if (cached && at - cached.at < HOLD_REPORT_CACHE_MS) return cached.report;
      const entry = { at, report: compute(at) };
      cached = entry;
      entry.report.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.report;
    },
  };
}
export type HoldReportService = ReturnType<typeof createHoldReport>;
