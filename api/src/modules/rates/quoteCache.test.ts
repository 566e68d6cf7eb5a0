import { ApiError, type ExchangeRequest, type PairData } from 'shared-contracts/server';
import { cacheQuotesPerTick } from './quoteCache';

const board = { updatedAt: new Date(1000) as Date | null };
const request: ExchangeRequest = { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.1', rateMode: 'FLOATING' };

function counter(result: (r: ExchangeRequest) => PairData) {
  const calls: ExchangeRequest[] = [];
  return { calls, quote: (r: ExchangeRequest) => (calls.push(r), result(r)) };
}

describe('cacheQuotesPerTick', () => {
  beforeEach(() => {
    board.updatedAt = new Date(1000);
  });

  it('computes a floating quote once per request and tick', () => {
    const q = counter(() => ({ price: '20' }) as PairData);
    const cached = cacheQuotesPerTick(q.quote, board);
    expect(cached(request).text).toBe('{"price":"20"}');
    cached({ ...request });
    expect(q.calls).toHaveLength(1);
    cached({ ...request, claimedDepositAmount: '0.2' });
    expect(q.calls).toHaveLength(2);
  });

  it('recomputes after the next tick', () => {
    let price = '20';
    const q = counter(() => ({ price }) as PairData);
    const cached = cacheQuotesPerTick(q.quote, board);
    cached(request);
    price = '21';
    board.updatedAt = new Date(2000);
    expect(cached(request).value.price).toBe('21');
  });

  it('caches catalogue errors (e.g. amount too small) for the tick too', () => {
    const q = counter(() => {
      throw ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'min 0.001', { details: { expectedAmount: '0.001' } });
    });
    const cached = cacheQuotesPerTick(q.quote, board);
    expect(() => cached(request)).toThrow('min 0.001');
    expect(() => cached(request)).toThrow(ApiError);
    expect(q.calls).toHaveLength(1);
  });

  it('never caches fixed-rate quotes, whose hold time starts now', () => {
    const q = counter(() => ({ price: '20' }) as PairData);
    const cached = cacheQuotesPerTick(q.quote, board);
    cached({ ...request, rateMode: 'FIXED' });
    cached({ ...request, rateMode: 'FIXED' });
    expect(q.calls).toHaveLength(2);
  });

  it('does not cache unexpected errors', () => {
    let fail = true;
    const q = counter(() => {
      if (fail) throw new Error('boom');
      return { price: '1' } as PairData;
    });
    const cached = cacheQuotesPerTick(q.quote, board);
    expect(() => cached(request)).toThrow('boom');
    fail = false;
    expect(cached(request).value.price).toBe('1');
  });

  describe('by raw query string', () => {
    const qs = 'instrumentFromSlug=btc&instrumentToSlug=eth&claimedDepositAmount=0.1';

    it('knows a query string answered this tick, and forgets it at the next tick', () => {
      const q = counter(() => ({ price: '20' }) as PairData);
      const cached = cacheQuotesPerTick(q.quote, board);
      expect(cached.known(qs)).toBeUndefined();
      const first = cached.answer(request, qs);
      expect(cached.known(qs)).toBe(first);
      expect(cached(request)).toBe(first);
      expect(q.calls).toHaveLength(1);
      board.updatedAt = new Date(2000);
      expect(cached.known(qs)).toBeUndefined();
    });

    it('keeps catalogue errors under the query string too', () => {
      const q = counter(() => {
        throw ApiError.of('ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL', 'min 0.001');
      });
      const cached = cacheQuotesPerTick(q.quote, board);
      expect(() => cached.answer(request, qs)).toThrow(ApiError);
      expect(() => cached.known(qs)).toThrow(ApiError);
      expect(q.calls).toHaveLength(1);
    });

    it('never keeps a fixed-rate quote', () => {
      const q = counter(() => ({ price: '20' }) as PairData);
      const cached = cacheQuotesPerTick(q.quote, board);
      cached.answer({ ...request, rateMode: 'FIXED' }, `${qs}&rateMode=FIXED`);
      expect(cached.known(`${qs}&rateMode=FIXED`)).toBeUndefined();
    });
  });
});
