// The price line of a pair ("1 BTC = 20.19660700 ETH"), shown live on the form and on the popular exchanges page.
// Issue 25: one precision per pair. The decimals come from the pair (the receive coin's precisionDecimals, §9) and the
// price is padded with zeros to them, so the line keeps its width tick to tick (20.196607 / 20.18873403 jumped).
import { DEFAULT_PRECISION, type Instrument } from 'shared-contracts';
import { formatAmount } from 'remote-kit/format';
import { pricePoint } from './pricePoint';

interface PricedPair {
  price: string;
  instrumentFrom: Pick<Instrument, 'currencyTitle'>;
  instrumentTo: Pick<Instrument, 'currencyTitle'> & { precisionDecimals?: number };
}

/** The decimals of a pair's price: the receive coin's displayed precision (§9), 8 when it has none. */
export function rateDecimals(to: { precisionDecimals?: number } | null | undefined): number {
  return to?.precisionDecimals ?? DEFAULT_PRECISION.receive;
}

/** A pair's price in the locale, always at the pair's decimals; a tiny unit price at a §9 price point ("1,000 SHIB = 0.012345 USDT"). */
export function rateLine(pair: PricedPair, locale: string): string {
  const point = pricePoint(pair.price);
  const decimals = rateDecimals(pair.instrumentTo);
  const points = formatAmount(point.multiplier, { locale, maxDecimals: DEFAULT_PRECISION.send });
  const price = formatAmount(point.value, { locale, maxDecimals: decimals, minDecimals: decimals });
  return `${points} ${pair.instrumentFrom.currencyTitle} = ${price} ${pair.instrumentTo.currencyTitle}`;
}
