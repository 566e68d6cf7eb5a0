// Nearest-rank percentiles of measured durations (issue 29 estimates).

/**
 * The nearest-rank `p`-th percentile (0 < p ≤ 100) of `sorted` (ascending), rounded up to a whole second: the
 * smallest value at least p % of the samples do not exceed. Empty → undefined.
 */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  const rank = Math.ceil((p / 100) * sorted.length);
  return Math.ceil(sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]);
}
