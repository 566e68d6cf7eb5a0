// §9 "Price multiplier points" and "Displayed precision … 2 send side in price points": a unit price too small to
// read at the receive coin's precision (1 SHIB = 0.000012 USDT) is shown for a multiplier point of the send coin
// instead ("1000 SHIB = 0.0123 USDT"). The multiplier is the send side of that line, shown with 2 decimals.
import { PRICE_MULTIPLIER_POINTS } from 'shared-contracts';
import { ExactDecimal } from 'remote-kit/format';

/** The smallest value of a price line read comfortably: below it the line moves to a larger multiplier point. */
const READABLE = ExactDecimal.from('0.01');

interface PricePoint {
  /** how much of the send coin the line is for: "1", "1000" */
  multiplier: string;
  /** the price of that much, exact (the caller cuts it to the receive coin's precision) */
  value: string;
}

/** 1 when the unit price reads well, else the smallest point ≥ 1 whose price reaches 0.01, at most the largest point. */
export function pricePoint(price: string): PricePoint {
  const unit = ExactDecimal.from(price);
  const points = PRICE_MULTIPLIER_POINTS.filter((p) => p >= 1);
  const chosen = unit.lte(0) ? 1 : (points.find((p) => unit.times(p).gte(READABLE)) ?? points[points.length - 1]);
  return { multiplier: String(chosen), value: unit.times(chosen).toFixed() };
}
