// Issue 8: payout and refund go out through one settle path; each leg sends its own funds and ends in its own status.
import type { OrderRow } from '../../db/schema';
import { catalogueRepo } from '../../../test/helpers/catalogue';
import type { PayoutRequest } from '../../adapters/custody/types';
import { createOrderContext, type OrderServiceDeps } from './context';
import type { OrderPresentation } from './presentation';
import type { AdvanceOptions, OrderRepo, Transition } from './repo';
import { createSettlement } from './settlement';

const T = new Date('2030-01-01T00:00:00.000Z');

function setup() {
  const payouts: PayoutRequest[] = [];
  const transitions: { from: string; transition: Transition | null }[] = [];
  const published: OrderRow[] = [];
  const repo = {
    async advance(o: AdvanceOptions) {
      const row = { orderId: o.orderId, status: o.from } as OrderRow;
      const transition = await o.decide(row);
      transitions.push({ from: o.from, transition });
      return transition ? ({ ...row, status: transition.to } as OrderRow) : null;
    },
  } as unknown as OrderRepo;
  const deps = {
    repo,
    instruments: catalogueRepo(),
    custody: { payout: async (r: PayoutRequest) => (payouts.push(r), { txHash: `tx-${payouts.length}`, final: true }) },
    config: { blacklistedAddresses: [] },
    now: () => T,
  } as unknown as OrderServiceDeps;
  const presentation = { published: async (row: OrderRow) => (published.push(row), {}) } as unknown as OrderPresentation;
  return { settle: createSettlement(createOrderContext(deps), presentation), payouts, transitions, published };
}

const row = {
  orderId: 'o-1',
  fromSlug: 'btc',
  toSlug: 'eth',
  destinationAddress: 'eth-dest',
  destinationAddressMemo: null,
  refundAddress: 'btc-refund',
  refundAddressMemo: null,
  amountToGet: '1.9',
  payoutAmount: '1.95',
  refundAmount: '0.0099',
} as OrderRow;

describe('settlement', () => {
  it('a payout sends the receive currency to the destination and completes the order', async () => {
    const { settle, payouts, transitions, published } = setup();
    await settle(row, 'payout');
    expect(payouts).toEqual([expect.objectContaining({ idempotencyKey: 'o-1:payout', address: 'eth-dest', memo: null, amount: '1.95' })]);
    expect(payouts[0].instrument.slug).toBe('eth');
    expect(transitions).toEqual([
      { from: 'WITHDRAWING', transition: { to: 'COMPLETED', patch: { payoutTxHash: 'tx-1', completedAt: T }, events: [{ kind: 'WITHDRAWAL_COMPLETED' }] } },
    ]);
    expect(published.map((r) => r.status)).toEqual(['COMPLETED']);
  });

  it('a refund sends the send currency back to the refund address and ends REFUNDED', async () => {
    const { settle, payouts, transitions } = setup();
    await settle(row, 'refund');
    expect(payouts).toEqual([expect.objectContaining({ idempotencyKey: 'o-1:refund', address: 'btc-refund', memo: null, amount: '0.0099' })]);
    expect(payouts[0].instrument.slug).toBe('btc');
    expect(transitions[0].from).toBe('REFUNDING');
    expect(transitions[0].transition).toMatchObject({ to: 'REFUNDED', patch: { refundTxHash: 'tx-1', refundedAt: T }, events: [{ kind: 'REFUND_COMPLETED' }] });
  });
});
