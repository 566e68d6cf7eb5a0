// Pairs are derived from the instruments: every active crypto→crypto and fiat→crypto combination
// except same-instrument (§1, §5); there is no separate pairs table.
import type { Config } from '../../config';
import type { InstrumentRecord, InstrumentRepo } from '../instruments/repo';

function isTradable(from: InstrumentRecord, to: InstrumentRecord): boolean {
  return from.slug !== to.slug && from.isActive && to.isActive && !to.isFiat;
}

export function listPublicPairs(repo: InstrumentRepo) {
  const active = repo.all().filter((i) => i.isActive);
  const pairs: { fromSlug: string; toSlug: string; isActive: boolean }[] = [];
  for (const from of active) for (const to of active) if (isTradable(from, to)) pairs.push({ fromSlug: from.slug, toSlug: to.slug, isActive: true });
  return pairs;
}

/** The pair page offers only what `GET /api/v2/instruments` lists by default: EXCHANGE instruments (card ones have no provider yet). */
function hasPairPage(i: InstrumentRecord): boolean {
  return i.provider === 'EXCHANGE';
}

/**
 * §3 Popular exchange: the configured list of bestChange name pairs; unknown names are skipped, and so are pairs
 * with no pair page (a link from /popular-exchanges must not lead to a 404).
 */
export function listPopular(repo: InstrumentRepo, popular: Config['popularPairs']) {
  return popular.flatMap(({ from, to }) => {
    const f = repo.byBestChangeName(from);
    const t = repo.byBestChangeName(to);
    if (!f || !t || !hasPairPage(f) || !hasPairPage(t)) return [];
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
