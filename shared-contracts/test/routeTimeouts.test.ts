import { routeTable, routeTimeoutMs, TIMEOUTS_MS } from '../src';

describe('per-call timeouts (§7, §9)', () => {
  it('instruments with all=true use the 3 s of "all instruments", not the 15 s of instruments', () => {
    expect(routeTimeoutMs(routeTable.instrumentsV2, { all: 'true' })).toBe(3_000);
    expect(TIMEOUTS_MS.allInstruments).toBe(3_000);
  });

  it('instruments without all=true keep 15 s', () => {
    expect(routeTimeoutMs(routeTable.instrumentsV2, {})).toBe(15_000);
    expect(routeTimeoutMs(routeTable.instrumentsV2, { all: 'false' })).toBe(15_000);
    expect(routeTimeoutMs(routeTable.instrumentsV2, { providers: 'CARD' })).toBe(15_000);
    expect(routeTimeoutMs(routeTable.instrumentsV2)).toBe(15_000);
  });

  it('other routes keep their own timeout', () => {
    expect(routeTimeoutMs(routeTable.rateOne, { all: 'true' })).toBe(TIMEOUTS_MS.rateOne);
    expect(routeTimeoutMs(routeTable.orderCreate)).toBe(200_000);
  });
});
