// Issue 29: an estimate's p50–p90 in seconds as a range in one readable unit (seconds, minutes or hours): the exchange
// form's quote and the order page read it the same way.

interface EstimateRange {
  /** The range's ends in `unit` (hours with at most one decimal); equal when the range is one value. */
  from: number;
  to: number;
  unit: 's' | 'min' | 'h';
}

/** Seconds below 2 minutes, minutes below 2 hours, else hours; the upper end is rounded up, never below the lower. */
export function estimateRange(p50: number, p90: number): EstimateRange {
  const low = Math.max(0, Math.min(p50, p90));
  const high = Math.max(0, p50, p90);
  if (high < 120) return { from: Math.round(low), to: Math.max(Math.round(low), Math.ceil(high)), unit: 's' };
  if (high < 7200) {
    const from = Math.max(1, Math.round(low / 60));
    return { from, to: Math.max(from, Math.ceil(high / 60)), unit: 'min' };
  }
  const from = Math.max(0.1, Math.round(low / 360) / 10);
  return { from, to: Math.max(from, Math.ceil(high / 360) / 10), unit: 'h' };
}
