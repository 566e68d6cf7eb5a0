import { indexRedirectTarget, readIndexRedirect } from './indexRedirect';
import { BTC, ETH, USDT } from '../test/fixtures';

const list = [BTC, ETH, { ...USDT, bestChangeName: 'USDTTRC20' }];

describe('§2 index redirect', () => {
  it('needs cur_from, cur_to and the partner referral parameter', () => {
    expect(readIndexRedirect(new URLSearchParams('cur_from=BTC&cur_to=ETH'), 'rid')).toBeNull();
    expect(readIndexRedirect(new URLSearchParams('cur_from=BTC&rid=7'), 'rid')).toBeNull();
    expect(readIndexRedirect(new URLSearchParams('cur_from=BTC&cur_to=ETH&rid=7'), 'rid')).toEqual({ curFrom: 'BTC', curTo: 'ETH', referral: '7' });
  });
  it('matches currencies by bestChangeName and carries ref', () => {
    expect(indexRedirectTarget({ curFrom: 'btc', curTo: 'USDTTRC20', referral: 'p 1' }, list)).toBe('/exchange-btc-usdttrc20?ref=p%201');
  });
  it('an unknown currency goes home', () => {
    expect(indexRedirectTarget({ curFrom: 'DOGE', curTo: 'ETH', referral: '7' }, list)).toBe('/');
  });
});
