// Amounts cross this adapter in two shapes: decimal strings in instrument units (the orders module) and bigint base
// units on chain (wei, a token's smallest unit). Never a float.
import { formatUnits, parseUnits } from 'viem';

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * Instrument units → base units. Digits past the chain's decimals are dropped (rounded down: a payout never sends
 * more than it was asked for); trailing zeros (NUMERIC(38,18) columns) are exact.
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const m = DECIMAL.exec(amount.trim());
  if (!m) throw new Error(`not a non-negative decimal amount: ${JSON.stringify(amount)}`);
  const [, whole, fraction = ''] = m;
  const kept = fraction.slice(0, decimals);
  return parseUnits(kept ? `${whole}.${kept}` : whole, decimals);
}

/** Base units → instrument units, every decimal kept ("1.5", "0.000001", "3"). */
export function fromBaseUnits(units: bigint, decimals: number): string {
  return formatUnits(units, decimals);
}
