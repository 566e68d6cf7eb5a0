// A floating quote is a pure function of the request and the current tick's prices, so it is computed
// and serialised once per (request, tick) and served from memory until the next tick. Fixed-rate quotes
// carry their own hold time and are always computed afresh.
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

export function cacheQuotesPerTick(quote: (request: ExchangeRequest) => PairData, priceBoard: Pick<PriceBoard, 'updatedAt'>, maxEntries = 10_000) {
  let tickAt: Date | null = null;
  const entries = new Map<string, Entry>();

  return function cachedQuote(request: ExchangeRequest): SerializedJson<PairData> {
    if ((request.rateMode ?? 'FLOATING') === 'FIXED') return new SerializedJson(quote(request));
    if (priceBoard.updatedAt !== tickAt) {
      entries.clear();
      tickAt = priceBoard.updatedAt;
    }
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
    if ('error' in entry) throw entry.error;
    return entry.json;
  };
}
