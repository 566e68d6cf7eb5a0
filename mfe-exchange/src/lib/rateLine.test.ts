import { rateDecimals, rateLine } from './rateLine';

const btcEth = (price: string) => ({
  price,
  instrumentFrom: { currencyTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', precisionDecimals: 8 },
});

describe('rateLine (one precision per pair, issue 25)', () => {
  it('keeps the same number of decimals tick to tick, padding with zeros', () => {
    const ticks = ['20.196607', '20.18873403', '21.5', '20'].map((p) => rateLine(btcEth(p), 'en'));
    expect(ticks).toEqual(['1 BTC = 20.19660700 ETH', '1 BTC = 20.18873403 ETH', '1 BTC = 21.50000000 ETH', '1 BTC = 20.00000000 ETH']);
    expect(new Set(ticks.map((line) => line.length)).size).toBe(1);
  });

  it('cuts extra decimals down, never up', () => {
    expect(rateLine(btcEth('20.123456789'), 'en')).toBe('1 BTC = 20.12345678 ETH');
  });

  it('uses the receive coin’s precision, and the locale’s separators', () => {
    const pair = { price: '95123.4', instrumentFrom: { currencyTitle: 'BTC' }, instrumentTo: { currencyTitle: 'USDT', precisionDecimals: 6 } };
    expect(rateLine(pair, 'en')).toBe('1 BTC = 95,123.400000 USDT');
    expect(rateLine(pair, 'ru')).toBe('1 BTC = 95\u00a0123,400000 USDT');
  });

  it('a tiny unit price at a price point, still at the pair’s decimals', () => {
    const pair = { price: '0.000012345', instrumentFrom: { currencyTitle: 'SHIB' }, instrumentTo: { currencyTitle: 'USDT', precisionDecimals: 6 } };
    expect(rateLine(pair, 'en')).toBe('1,000 SHIB = 0.012345 USDT');
  });

  it('8 decimals for a coin without a precision', () => {
    expect(rateDecimals({})).toBe(8);
    expect(rateDecimals({ precisionDecimals: 2 })).toBe(2);
  });
});
