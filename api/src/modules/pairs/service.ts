// Pairs are derived from the instruments: every active crypto→crypto and fiat→crypto combination
// except same-instrument (§1, §5); there is no separate pairs table.
import type { ModuleConfig } from '../../config';
import type { InstrumentRecord, InstrumentRepo } from '../instruments';

function isTradable(from: InstrumentRecord, to: InstrumentRecord): boolean {
  return from.slug !== to.slug && from.isActive && to.isActive && !to.isFiat;
}

export interface PairOptions {
  /** A card provider is configured: CARD instruments are offered on the send side (§4 card flow). */
  cardPurchases: boolean;
}

/**
 * Whether the pair page (and the form) offers the instrument: what `GET /api/v2/instruments/public` lists by default,
 * EXCHANGE instruments and, while card purchases are available, CARD ones (a pair never receives fiat: isTradable).
 */
function hasPairPage(i: InstrumentRecord, { cardPurchases }: PairOptions): boolean {
  return i.provider === 'EXCHANGE' || (cardPurchases && i.provider === 'CARD');
}

/** Every active pair with a pair page (the sitemap lists them; the partner API passes cardPurchases false). */
export function listPublicPairs(repo: InstrumentRepo, options: PairOptions) {
  const active = repo.all().filter((i) => i.isActive && hasPairPage(i, options));
  const pairs: { fromSlug: string; toSlug: string; isActive: boolean }[] = [];
  for (const from of active) for (const to of active) if (isTradable(from, to)) pairs.push({ fromSlug: from.slug, toSlug: to.slug, isActive: true });
  return pairs;
}

/**
 * §3 Popular exchange: the configured list of bestChange name pairs; unknown names are skipped, and so are pairs
 * with no pair page (a link from /popular-exchanges must not lead to a 404).
 */
export function listPopular(repo: InstrumentRepo, popular: ModuleConfig<'pairs'>['popularPairs'], options: PairOptions) {
  return popular.flatMap(({ from, to }) => {
    const f = repo.byBestChangeName(from);
    const t = repo.byBestChangeName(to);
    if (!f || !t || !hasPairPage(f, options) || !hasPairPage(t, options) || t.isFiat) return [];
    return [
      {
        fromBestChangeCurrencyName: f.bestChangeName,
        toBestChangeCurrencyName: t.bestChangeName,
        fromSlug: f.slug,
        toSlug: t.slug,
        isActive: isTradable(f, t),
      },
    ];
  });
}
