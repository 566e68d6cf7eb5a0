// A floating quote is a pure function of the request and the current tick's prices, so it is computed
// and serialised once per (request, tick) and served from memory until the next tick. Fixed-rate quotes
// carry their own hold time and are always computed afresh.
//
// Issue 27: the same answer is also remembered under the raw query string it was asked with, so a repeated
// request (the exchange form polls the same pair and amount) is answered before its query is even parsed.
import { ApiError, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import type { PriceBoard } from '../../realtime/types';
import { SerializedJson } from '../../http/registerRoute';

type Entry = { json: SerializedJson<PairData> } | { error: ApiError };

function quoteRequestKey(r: ExchangeRequest): string {
  return [
    r.instrumentFromSlug,
    r.instrumentToSlug,
    r.claimedDepositAmount,
    r.claimedDepositAmountCurrency,
    r.rateMode ?? 'FLOATING',
    r.referrerId,
    r.exchangeType,
  ].join('|');
}

const answerOf = (entry: Entry): SerializedJson<PairData> => {
  if ('error' in entry) throw entry.error;
  return entry.json;
};

export interface CachedQuotes {
  /** This tick's answer to the request (a catalogue error is thrown, cached the same way). */
  (request: ExchangeRequest): SerializedJson<PairData>;
  /** As the call, and the answer is remembered under `queryString`, the raw query the request was parsed from. */
  answer(request: ExchangeRequest, queryString: string): SerializedJson<PairData>;
  /** This tick's answer to a raw query string answered before (FLOATING only), else undefined. */
  known(queryString: string): SerializedJson<PairData> | undefined;
}

export function cacheQuotesPerTick(
  quote: (request: ExchangeRequest) => PairData,
  priceBoard: Pick<PriceBoard, 'updatedAt'>,
  maxEntries = 10_000,
): CachedQuotes {
  let tickAt: Date | null = null;
  const entries = new Map<string, Entry>();
  const byQueryString = new Map<string, Entry>();

  const sameTick = () => {
    if (priceBoard.updatedAt === tickAt) return;
    entries.clear();
    byQueryString.clear();
    tickAt = priceBoard.updatedAt;
  };

  /** The tick's entry of a FLOATING request, computed on first use. */
  const entryOf = (request: ExchangeRequest): Entry => {
    sameTick();
    const key = quoteRequestKey(request);
    let entry = entries.get(key);
    if (!entry) {
      try {
        entry = { json: new SerializedJson(quote(request)) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        entry = { error };
      }
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, entry);
    }
    return entry;
  };

  const isFixed = (request: ExchangeRequest) => (request.rateMode ?? 'FLOATING') === 'FIXED';

  const cachedQuote = (request: ExchangeRequest): SerializedJson<PairData> =>
    isFixed(request) ? new SerializedJson(quote(request)) : answerOf(entryOf(request));

  return Object.assign(cachedQuote, {
    answer(request: ExchangeRequest, queryString: string): SerializedJson<PairData> {
      if (isFixed(request)) return new SerializedJson(quote(request));
      const entry = entryOf(request);
      if (byQueryString.size >= maxEntries) byQueryString.clear();
      byQueryString.set(queryString, entry);
      return answerOf(entry);
    },
    known(queryString: string): SerializedJson<PairData> | undefined {
      sameTick();
      const entry = byQueryString.get(queryString);
      return entry && answerOf(entry);
    },
  });
}
