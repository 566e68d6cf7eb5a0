// Issue 29 "no surprise holds": the status page's monthly counts of held, refunded and completed orders (counts only,
// no personal data) and the refund time a held order is promised.
import { z } from 'zod';

export const HoldMonthSchema = z.object({
  /** UTC month `YYYY-MM`. */
  month: z.string(),
  /** Orders whose deposit was held (DEPOSIT_ON_HOLD) that month. */
  held: z.number().int().min(0),
  /** Orders refunded (REFUND_COMPLETED) that month, held or not (a fixed-rate problem's refund too). */
  refunded: z.number().int().min(0),
  /** Orders paid out (WITHDRAWAL_COMPLETED) that month. */
  completed: z.number().int().min(0),
  /** Of `refunded`, the orders that had been held. */
  heldRefunded: z.number().int().min(0),
  /** Of `heldRefunded`, those sent within `refundWithinHours` of the customer's request. */
  heldRefundedInTime: z.number().int().min(0),
});

export type HoldMonth = z.infer<typeof HoldMonthSchema>;

export const HoldReportSchema = z
  .object({
    refundWithinHours: z.number().int().min(1),
    /** The last 12 UTC months, oldest first, the current (partial) month last. */
    months: z.array(HoldMonthSchema),
    generatedAt: z.string(),
  })
  .meta({ id: 'HoldReport' });

export type HoldReport = z.infer<typeof HoldReportSchema>;
