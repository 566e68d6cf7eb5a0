import { type PagePathQuery, pagePath } from './pageMap';

// §2 `/exchange-{from}-{to}` (the page map's ExchangePair path): codes are the instruments' slugs, lower-cased.
export function pairPath(fromSlug: string, toSlug: string, query?: PagePathQuery<'mfe_exchange', 'ExchangePair'>): string {
  return pagePath('mfe_exchange', 'ExchangePair', { from: fromSlug.toLowerCase(), to: toSlug.toLowerCase() }, query);
}

export function parsePairSegment(segment: string): { from: string; to: string } | null {
  const m = /^exchange-([a-z0-9]+)-([a-z0-9]+)$/.exec(segment);
  return m ? { from: m[1], to: m[2] } : null;
}
