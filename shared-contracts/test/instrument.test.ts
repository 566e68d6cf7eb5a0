import { InstrumentSchema } from '../src/schemas';

const btc = {
  currencyTitle: 'BTC',
  networkTitle: 'BTC',
  slug: 'btc',
  bestChangeName: 'BTC',
  currencyFriendlyTitle: 'Bitcoin',
  currencyLogoLink: '/static/coins/btc.svg',
  instrumentType: 'crypto',
  requiresMemo: false,
  precisionDecimals: 8,
  provider: 'EXCHANGE',
  isActive: true,
} as const;

describe('InstrumentSchema chain details (contract 1.3)', () => {
  it('an instrument without them is still valid (an optional addition)', () => {
    expect(InstrumentSchema.parse(btc)).toEqual(btc);
  });

  it('takes https explorer templates with their placeholder and a token contract', () => {
    const full = {
      ...btc,
      explorerTxUrl: 'https://mempool.space/tx/{hash}',
      explorerAddressUrl: 'https://mempool.space/address/{address}',
      token: { contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    };
    expect(InstrumentSchema.parse(full)).toEqual(full);
  });

  it.each([
    ['explorerTxUrl', 'http://mempool.space/tx/{hash}'],
    ['explorerTxUrl', 'https://mempool.space/tx/'],
    ['explorerTxUrl', 'javascript:alert(1)//{hash}'],
    ['explorerTxUrl', 'https://mempool.space/tx/{address}'],
    ['explorerAddressUrl', 'https://mempool.space/address/{hash}'],
    ['explorerAddressUrl', 'https://mempool .space/address/{address}'],
  ])('refuses %s %s', (key, value) => {
    expect(InstrumentSchema.safeParse({ ...btc, [key]: value }).success).toBe(false);
  });
});
