// Decimal arithmetic for money. decimal.js defaults to 20 significant digits, too few for
// NUMERIC(38,18) values divided by one another, so the api uses its own 40-digit constructor.
import Decimal from 'decimal.js';

export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type D = InstanceType<typeof D>;

/** A decimal as a plain string (never exponent notation: MoneySchema is /^-?\d+(\.\d+)?$/). */
export function money(value: Decimal.Value, dp?: number, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP): string {
  const d = new D(value);
  return (dp === undefined ? d : d.toDecimalPlaces(dp, rounding)).toFixed();
}

/** A rate, kept to 12 significant digits. */
export function rate(value: Decimal.Value): string {
  return new D(value).toSignificantDigits(12).toFixed();
}
