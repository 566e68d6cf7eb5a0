import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { ago, entry, HOUR, program, signedIn } from '../test/fixtures';
import { AffiliateStore, referralLink } from '../features/affiliate/AffiliateStore';

afterEach(cleanup);

function api(o: Record<string, jest.Mock> = {}) {
  return {
    affiliateReferrerId: jest.fn(async () => ({ referrerId: 'ABCDE23456' })),
    affiliateProgram: jest.fn(async () => program()),
    affiliateAccruals: jest.fn(async () => [
      entry('a1', 'AFFILIATE_COMMISSION', '0.1', ago(3 * HOUR), 'q1…z9'),
      entry('a2', 'AFFILIATE_COMMISSION', '0.2', ago(1 * HOUR), 'q2…z8'),
    ]),
    ...o,
  };
}

describe('AffiliateStore', () => {
  it('loads the referrer id, the terms and the accruals (newest first), with an exact total and the order count', async () => {
    const store = new AffiliateStore(api() as never);
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
    const store = new AffiliateStore(api({ affiliateReferrerId: jest.fn(async () => Promise.reject(new Error('down'))) }) as never);
    await store.load();
    expect(store.loadState.status).toBe('error');
    warn.mockRestore();
  });
});

describe('ProfileAffiliate page', () => {
  it('the link to copy (home, and any pair page takes ref), the rate, totals and each referred order’s accrual', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await act(async () => void renderPage(pages.ProfileAffiliate, signedIn({ api: api(), path: '/profile/affiliate-program' })));
    const link = await screen.findByTestId('affiliate-link');
    expect(link.textContent).toBe('http://localhost/?ref=ABCDE23456');
    expect(screen.getByText('http://localhost/exchange-btc-eth?ref=ABCDE23456')).toBeTruthy();
    expect(screen.getByText(/You earn up to 0.5% of the volume/)).toBeTruthy();
    // issue 24: the economics: paid out of what the exchange earned, never on one's own orders, held, then withdrawable
    expect(screen.getByTestId('affiliate-terms').textContent).toMatch(/never exceed it.*own orders earn you no commission.*held for 7 days after/);
    expect(screen.getByTestId('affiliate-total').textContent).toBe('0.3 USDT');
    expect(screen.getByTestId('affiliate-orders').textContent).toBe('2');
    const rows = screen.getAllByTestId('affiliate-accrual-row');
    expect(rows.map((r) => r.getAttribute('data-order-id'))).toEqual(['q2…z8', 'q1…z9']);
    expect(rows[0].textContent).toContain('+0.2 USDT');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith('http://localhost/?ref=ABCDE23456');
  });

  it('in Russian the link carries /ru; no accruals yet says so', async () => {
    const a = api({ affiliateAccruals: jest.fn(async () => []) });
    await act(async () => void renderPage(pages.ProfileAffiliate, signedIn({ lng: 'ru', api: a, path: '/profile/affiliate-program' })));
    expect((await screen.findByTestId('affiliate-link')).textContent).toBe('http://localhost/ru?ref=ABCDE23456');
    expect(screen.getByTestId('affiliate-accruals').textContent).toContain('Комиссии пока нет');
    expect(screen.getByTestId('affiliate-rate').textContent).toBe('0,5\u00a0%');
  });
});
