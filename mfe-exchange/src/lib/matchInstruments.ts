// The coin picker's search (issue 25): "eth" listed USDT first ("T-eth-er"), because any text containing the search
// matched in list order. Now a match at the start of the code or of a word of the name comes first, then the network
// or slug, and only then a match inside a word.
import type { Instrument } from 'shared-contracts';

type Searchable = Pick<Instrument, 'currencyTitle' | 'currencyFriendlyTitle' | 'networkTitle' | 'slug'>;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How well an instrument matches a lower-cased search: 0 best; null when it does not match at all. */
function rank(i: Searchable, q: string): number | null {
  const code = i.currencyTitle.toLowerCase();
  if (code === q) return 0;
  if (code.startsWith(q)) return 1;
  if (i.currencyFriendlyTitle.toLowerCase().startsWith(q) || words(i.currencyFriendlyTitle).some((w) => w.startsWith(q))) return 2;
  if (i.networkTitle.toLowerCase().startsWith(q) || i.slug.toLowerCase().startsWith(q)) return 3;
  if ([i.currencyTitle, i.currencyFriendlyTitle, i.networkTitle, i.slug].some((s) => s.toLowerCase().includes(q))) return 4;
  return null;
}

/** The instruments matching `search`, best first (the list's own order within a rank); all of them for an empty search. */
export function matchInstruments<T extends Searchable>(instruments: readonly T[], search: string): readonly T[] {
  const q = search.trim().toLowerCase();
  if (!q) return instruments;
  return instruments
    .map((instrument, index) => ({ instrument, index, rank: rank(instrument, q) }))
    .filter((m): m is { instrument: T; index: number; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((m) => m.instrument);
}
