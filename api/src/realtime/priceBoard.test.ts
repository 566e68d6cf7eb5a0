import { BusPriceBoard, parseRateTick } from './priceBoard';

describe('BusPriceBoard', () => {
  it('applies newer ticks only and notifies listeners, isolating a throwing one', async () => {
    const errors: unknown[] = [];
    const board = new BusPriceBoard((e) => errors.push(e));
    const seen: number[] = [];
    board.onTick(() => {
      throw new Error('bad listener');
    });
    const off = board.onTick(() => seen.push(board.tick!));
    expect(board.apply({ tick: 5, at: '2026-01-01T00:00:05.000Z', prices: { BTC: '65000.5' } })).toBe(true);
    await board.ready();
    expect(board.apply({ tick: 5, at: '2026-01-01T00:00:05.000Z', prices: { BTC: '1' } })).toBe(false);
    expect(board.apply({ tick: 4, at: '2026-01-01T00:00:04.000Z', prices: { BTC: '1' } })).toBe(false);
    expect(board.priceUsd('BTC')!.toFixed()).toBe('65000.5');
    expect(board.priceUsd('btc')!.toFixed()).toBe('65000.5');
    expect(board.updatedAt!.toISOString()).toBe('2026-01-01T00:00:05.000Z');
    off();
    board.apply({ tick: 6, at: '2026-01-01T00:00:06.000Z', prices: {} });
    expect(board.priceUsd('BTC')).toBeUndefined();
    expect(seen).toEqual([5]);
    expect(errors).toHaveLength(2);
  });

  it('rejects malformed tick messages', () => {
    expect(parseRateTick('{')).toBeUndefined();
    expect(parseRateTick('null')).toBeUndefined();
    expect(parseRateTick(JSON.stringify({ tick: 1, at: 'nope', prices: {} }))).toBeUndefined();
    expect(parseRateTick(JSON.stringify({ tick: 1.5, at: '2026-01-01T00:00:00Z', prices: {} }))).toBeUndefined();
    expect(parseRateTick(JSON.stringify({ tick: 1, at: '2026-01-01T00:00:00Z', prices: { BTC: 65000 } }))).toBeUndefined();
    expect(parseRateTick(JSON.stringify({ tick: 1, at: '2026-01-01T00:00:00Z', prices: { BTC: '-1' } }))).toBeUndefined();
    expect(parseRateTick(JSON.stringify({ tick: 1, at: '2026-01-01T00:00:00Z', prices: { BTC: '65000.1' } }))).toEqual({
      tick: 1,
      at: '2026-01-01T00:00:00Z',
      prices: { BTC: '65000.1' },
    });
  });
});
