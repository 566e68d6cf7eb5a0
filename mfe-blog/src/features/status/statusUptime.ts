// The status page's uptime over its period (issue 13): the mean of the days' okRatio (decimal strings from the api)
// over the days that have data, as a percentage with exactly 2 decimals, rounded down (99.999… reads 99.99, never
// 100.00). Integer arithmetic on the decimal digits: no binary float ever touches it.
import type { HealthStatus, StatusDay } from 'shared-contracts';

const SCALE_DIGITS = 12;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** `0.999305` → 999305000000n (units of 10^-12); null when it is not a decimal in 0..1. */
function scaled(ratio: string): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(ratio.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  const value = BigInt(m[1]) * SCALE + BigInt(frac);
  return value <= SCALE ? value : null;
}

/** `"99.93"`: the percentage of OK checks per day, averaged over the days with data; null when no day has any. */
export function uptimePercent(days: readonly StatusDay[]): string | null {
  let sum = 0n;
  let n = 0n;
  for (const day of days) {
    const value = day.status === 'NO_DATA' || day.okRatio === null ? null : scaled(day.okRatio);
    if (value === null) continue;
    sum += value;
    n += 1n;
  }
  if (n === 0n) return null;
  // hundredths of a percent: sum / n / SCALE * 100 * 100
  const hundredths = (sum * 10_000n) / (n * SCALE);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** The i18n key of a status's wording: Operational, Degraded, Outage (and No data). */
export const STATUS_WORDING: Record<HealthStatus | 'NO_DATA', string> = {
  OK: 'status_ok',
  TECHNICAL_DIFFICULTIES: 'status_degraded',
  UNHEALTHY: 'status_outage',
  NO_DATA: 'status_no_data',
};
