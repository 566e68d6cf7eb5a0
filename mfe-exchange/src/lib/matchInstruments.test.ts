import { instrument } from '../test/fixtures';
import { matchInstruments } from './matchInstruments';

const list = [
  instrument('usdttrc20', { currencyTitle: 'USDT', currencyFriendlyTitle: 'Tether', networkTitle: 'TRC20' }),
  instrument('usdterc20', { currencyTitle: 'USDT', currencyFriendlyTitle: 'Tether', networkTitle: 'ERC20' }),
  instrument('usdc', { currencyTitle: 'USDC', currencyFriendlyTitle: 'USD Coin', networkTitle: 'ETH' }),
  instrument('btc', { currencyTitle: 'BTC', currencyFriendlyTitle: 'Bitcoin', networkTitle: 'BTC' }),
  instrument('etc', { currencyTitle: 'ETC', currencyFriendlyTitle: 'Ethereum Classic', networkTitle: 'ETC' }),
  instrument('eth', { currencyTitle: 'ETH', currencyFriendlyTitle: 'Ethereum', networkTitle: 'ETH' }),
  instrument('bch', { currencyTitle: 'BCH', currencyFriendlyTitle: 'Bitcoin Cash', networkTitle: 'BCH' }),
];
const slugs = (search: string) => matchInstruments(list, search).map((i) => i.slug);

describe('matchInstruments (coin search, issue 25)', () => {
  it('"eth": the code first, then names starting with it, then the network, and Tether (inside a word) last', () => {
    expect(slugs('eth')).toEqual(['eth', 'etc', 'usdc', 'usdttrc20', 'usdterc20']);
  });

  it('a word of the name counts from its start ("cash" finds Bitcoin Cash)', () => {
    expect(slugs('cash')).toEqual(['bch']);
    expect(slugs('coin')).toEqual(['usdc', 'btc', 'bch']);
  });

  it('ignores case and spaces around; an empty search lists everything in order', () => {
    expect(slugs('  BTC ')).toEqual(['btc']);
    expect(slugs('')).toEqual(list.map((i) => i.slug));
  });

  it('nothing matching lists nothing', () => {
    expect(slugs('xyz')).toEqual([]);
  });
});
