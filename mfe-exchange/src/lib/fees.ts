/**
 * Spread of our price against the market price, in percent with 2 decimals; null when not computable.
 * A display ratio, not money: plain numbers keep decimal.js out of the home page's first load.
 */
export function spreadPercent(price: string, marketPrice: string): string | null {
  const market = Number(marketPrice);
  const ours = Number(price);
  if (!Number.isFinite(market) || !Number.isFinite(ours) || market <= 0) return null;
  return (((market - ours) / market) * 100).toFixed(2);
}
