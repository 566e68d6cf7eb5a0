// Amounts a customer can actually pay (issue 23, §3, §9): every amount the service asks for or promises is written
// to the unit of its coin — the instrument's precisionDecimals, never more than §9's CLAIMED_AMOUNT_DECIMALS — and
// rounded in the direction that never gives the customer less than quoted: what is ASKED (a deposit) rounds up, what
// is PROMISED (amountToGet, claimedAmountToReceive, a refund) rounds down. The api and the exchange form both round
// with these functions, so the quote, the order and the form agree on one value.
// Exact decimal arithmetic on the digits (BigInt), never a float; no decimal library, so the browser entry stays light.
import { CLAIMED_AMOUNT_DECIMALS } from './constants';

/** What an amount's decimals are bounded by: the instrument's own precision (§3 Instrument). */
interface AmountUnit {
  precisionDecimals: number;
}

/** The decimals of an amount of this instrument: its precisionDecimals, at most §9's 8. */
export function amountDecimals(instrument: AmountUnit): number {
  return Math.max(0, Math.min(instrument.precisionDecimals, CLAIMED_AMOUNT_DECIMALS));
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `value` (a plain decimal string) to `decimals` places: `ceil` toward +∞, else toward −∞. Plain output, no trailing zeros. */
function roundTo(value: string, decimals: number, ceil: boolean): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = m;
  const kept = fraction.slice(0, decimals).padEnd(decimals, '0');
  let units = BigInt(whole + kept);
  // Anything cut off moves the magnitude up when rounding away from zero: up for positives, down for negatives.
  if (/[1-9]/.test(fraction.slice(decimals)) && ceil === (sign === '')) units += 1n;
  if (units === 0n) return '0';
  const digits = units.toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/** An amount the service asks the customer for (a deposit): rounded UP to the unit of the coin it is paid in. */
export function askedAmount(value: string, instrument: AmountUnit): string {
  return roundTo(value, amountDecimals(instrument), true);
}

/** An amount the service promises the customer (amountToGet, a refund): rounded DOWN to the unit of the coin it is paid in. */
export function promisedAmount(value: string, instrument: AmountUnit): string {
  return roundTo(value, amountDecimals(instrument), false);
}
