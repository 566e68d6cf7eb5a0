import { type Instrument, type Order, pairPath } from 'shared-contracts';

/**
 * The order's pair page (§2 `/exchange-{from}-{to}`), where a new order of the same pair starts. The order's refs carry
 * slugs; an older order's may not, then the catalogue's entries; home when neither is known.
 */
export function samePairPath(order: Pick<Order, 'pair'>, from: Pick<Instrument, 'slug'> | undefined, to: Pick<Instrument, 'slug'> | undefined): string {
  const fromSlug = order.pair.instrumentFrom.slug ?? from?.slug;
  const toSlug = order.pair.instrumentTo.slug ?? to?.slug;
  return fromSlug && toSlug ? pairPath(fromSlug, toSlug) : '/';
}
