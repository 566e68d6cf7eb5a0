// Sums of the API's decimal strings without a float in between: fixed point on BigInt at 18 decimals (the ledger's
// NUMERIC(38,18) scale), enough for totals of USDT credits.
const SCALE = 18;
const FACTOR = 10n ** BigInt(SCALE);

function toUnits(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return 0n;
  const units = BigInt(m[2]) * FACTOR + BigInt((m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0'));
  return m[1] === '-' ? -units : units;
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const int = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** The exact sum of decimal strings ('0' for none); a value that is not a decimal counts as 0. */
export function sumDecimals(values: readonly string[]): string {
  return fromUnits(values.reduce((sum, v) => sum + toUnits(v), 0n));
}

/** Whether decimal string `a` is less than `b`. */
export function isLess(a: string, b: string): boolean {
  return toUnits(a) < toUnits(b);
}
