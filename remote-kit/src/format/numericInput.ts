// Spec §5 "Numeric input cleaning" and what the remotes' amount fields do with a cleaned value (the exchange form and
// the profile's withdrawal share one copy).

/** §5 "Numeric input cleaning", its steps applied in the spec's order. */
export function cleanNumericInput(raw: string): string {
  let value = raw.replace(/\s+/g, ''); // whitespace removed
  value = value.replace(/,/g, '.'); // commas become dots
  value = value.replace(/[^\d.]/g, ''); // neither digit nor dot: dropped
  if (value.startsWith('00')) value = `0.${value.slice(2)}`; // leading "00" becomes "0."
  const firstDot = value.indexOf('.');
  if (firstDot >= 0) value = value.slice(0, firstDot + 1) + value.slice(firstDot + 1).replace(/\./g, ''); // extra dots removed
  if (value.startsWith('.')) value = `0${value}`; // leading dot gets a 0 prefix
  return value;
}

/** §5 "An amount is shown only if greater than 0": a cleaned amount (digits, at most one dot) above zero. */
export function isPositiveAmount(value: string): boolean {
  return /^\d+(\.\d*)?$/.test(value) && /[1-9]/.test(value);
}

/** A cleaned amount as the API's decimal string (no trailing dot). */
export function toMoney(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

/** A cleaned amount cut to `decimals` places while typing (a USDT withdrawal has at most 6); a trailing dot stays. */
export function limitDecimals(value: string, decimals: number): string {
  const dot = value.indexOf('.');
  return dot < 0 ? value : value.slice(0, dot + 1 + decimals);
}

/** A decimal string truncated to `decimals` places without going through a float, trailing zeros (and dot) trimmed. */
export function formatDecimal(value: string, decimals: number): string {
  const [int, frac = ''] = value.split('.');
  const cut = frac.slice(0, decimals).replace(/0+$/, '');
  return cut ? `${int}.${cut}` : int;
}
