import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { pages } from './index';
import { renderPage } from '../test/testHost';
import { signedIn } from '../test/fixtures';
import { affiliateApi } from '../features/affiliate/fakes';

afterEach(cleanup);

describe('ProfileAffiliate page', () => {
  it('the link to copy (home, and any pair page takes ref), the rate, totals and each referred order’s accrual', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await act(async () => void renderPage(pages.ProfileAffiliate, signedIn({ api: affiliateApi(), path: '/profile/affiliate-program' })));
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
    const a = affiliateApi({ affiliateAccruals: jest.fn(async () => []) });
    await act(async () => void renderPage(pages.ProfileAffiliate, signedIn({ lng: 'ru', api: a, path: '/profile/affiliate-program' })));
    expect((await screen.findByTestId('affiliate-link')).textContent).toBe('http://localhost/ru?ref=ABCDE23456');
    expect(screen.getByTestId('affiliate-accruals').textContent).toContain('Комиссии пока нет');
    expect(screen.getByTestId('affiliate-rate').textContent).toBe('0,5\u00a0%');
  });
});
