import { cleanup, render, screen, within } from '@testing-library/react';
import type { PairData } from 'shared-contracts';
import { BTC, ETH, pairData } from '../../../test/fixtures';
import { createTestHost } from '../../../test/testHost';
import { QuoteBreakdown } from './QuoteBreakdown';

function renderBreakdown(pair: PairData, lng: 'en' | 'ru' = 'en') {
  const host = createTestHost({ lng });
  return render(<QuoteBreakdown pair={pair} t={host.i18n.getFixedT(lng, 'mfe-exchange')} locale={lng} />);
}

afterEach(cleanup);

describe('QuoteBreakdown (issue 29: the all-in quote)', () => {
  it('shows the market value, every fee line taken from it, and what is received', () => {
    renderBreakdown(pairData(BTC, ETH));
    expect(screen.getByTestId('fee-market-value').textContent).toBe('10.21 ETH');
    const kinds = screen.getAllByTestId(/^fee-(spread|network|platform)$/).map((row) => row.dataset.kind);
    expect(kinds).toEqual(['SPREAD', 'NETWORK_FEE', 'SERVICE_FEE']);
    expect(within(screen.getByTestId('fee-spread')).getByTestId('fee-line-amount').textContent).toBe('−0.008 ETH');
    expect(within(screen.getByTestId('fee-network')).getByTestId('fee-line-amount').textContent).toBe('−0.001 ETH');
    expect(screen.getByTestId('fee-you-get').textContent).toBe('10.2 ETH');
    expect(screen.getByTestId('fees-taken-note').textContent).toMatch(/taken from the amount you receive/);
  });

  it('shows the measured estimate as a readable range, en and ru', () => {
    renderBreakdown(pairData(BTC, ETH));
    expect(screen.getByTestId('quote-estimate').textContent).toBe('Deposit to payout ≈ 7–15 min (measured on 40 recent orders)');
    cleanup();
    renderBreakdown(pairData(BTC, ETH, { estimatedSeconds: { p50: 5400, p90: 10_000, basis: 'default', sampleSize: 3 } }), 'ru');
    expect(screen.getByTestId('quote-estimate').textContent).toBe('От депозита до выплаты ≈ 1,5–2,8 ч (типично для сети, ещё не измерено)');
  });
});
