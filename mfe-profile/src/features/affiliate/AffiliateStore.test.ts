import { AffiliateStore, referralLink } from './AffiliateStore';
import { affiliateApi } from './fakes';

describe('AffiliateStore', () => {
  it('loads the referrer id, the terms and the accruals (newest first), with an exact total and the order count', async () => {
    const store = new AffiliateStore(affiliateApi() as never);
    await store.load();
    expect(store.referrerId).toBe('ABCDE23456');
    expect(store.accruals.map((a) => a.id)).toEqual(['a2', 'a1']);
    expect(store.total).toBe('0.3');
    expect(store.orderCount).toBe(2);
  });

  it('the referral link: origin, locale prefix, path and the ref parameter', () => {
    expect(referralLink('https://x.io', '', '/', 'ref', 'AB C')).toBe('https://x.io/?ref=AB+C');
    expect(referralLink('https://x.io', '/ru', '/exchange-btc-eth', 'ref', 'ABC')).toBe('https://x.io/ru/exchange-btc-eth?ref=ABC');
    expect(referralLink('https://x.io', '/ru', '/', 'ref', 'ABC')).toBe('https://x.io/ru?ref=ABC');
  });

  it('a failed load is an error state', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new AffiliateStore(affiliateApi({ affiliateReferrerId: jest.fn(async () => Promise.reject(new Error('down'))) }) as never);
    await store.load();
    expect(store.loadState.status).toBe('error');
    warn.mockRestore();
  });
});
