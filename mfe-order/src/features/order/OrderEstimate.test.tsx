import { cleanup, render, screen } from '@testing-library/react';
import { orderWith } from 'remote-kit/testing';
import type { Order } from 'shared-contracts';
import { BTC, ETH } from '../../test/instruments';
import { createTestHost } from '../../test/testHost';
import { TransactionsCard } from './TransactionsCard';

function renderCard(order: Order, lng: 'en' | 'ru' = 'en') {
  const host = createTestHost({ lng });
  const v = { t: host.i18n.getFixedT(lng, 'mfe-order'), locale: lng, Link: host.Link };
  return render(<TransactionsCard order={order} from={BTC} to={ETH} v={v} />);
}

const seen = (over: Partial<Order['orderDetails']> = {}): Order => {
  const order = orderWith(['CREATION_END', 'DEPOSIT_REGISTERED', 'INCOMING_FUNDS_DETECTED']);
  return {
    ...order,
    orderDetails: {
      ...order.orderDetails,
      confirmations: 1,
      depositTxHash: 'dtx',
      estimatedSeconds: { p50: 1260, p90: 2520, basis: 'measured', sampleSize: 24 },
      ...over,
    },
  };
};

afterEach(cleanup);

describe('the order estimate beside the confirmations (issue 29)', () => {
  it("shows the send network's measured p50–p90 in a readable unit, en and ru", () => {
    renderCard(seen());
    expect(screen.getByTestId('confirmations').textContent).toBe('1 of 2 confirmations');
    expect(screen.getByTestId('order-estimate').textContent).toBe('Deposit to payout usually takes ≈ 21–42 min (measured on 24 recent orders)');
    cleanup();
    renderCard(seen({ estimatedSeconds: { p50: 90, p90: 90, basis: 'default', sampleSize: 0 } }), 'ru');
    expect(screen.getByTestId('order-estimate').textContent).toBe('От депозита до выплаты обычно ≈ 90 с (типично для сети, ещё не измерено)');
  });

  it('is gone once the payout is sent, and absent when the api names none', () => {
    renderCard(seen({ payoutTxHash: 'ptx' }));
    expect(screen.queryByTestId('order-estimate')).toBeNull();
    cleanup();
    renderCard(seen({ estimatedSeconds: undefined }));
    expect(screen.queryByTestId('order-estimate')).toBeNull();
  });
});
