// Test fakes of an order of the history, shared by the store's tests and the page's.
import { orderWith } from 'remote-kit/testing';
import type { Order, OrderEventKind } from 'shared-contracts';

export function historyOrder(id: string, kinds: OrderEventKind[] = ['CREATION_END'], createdAt = new Date(Date.now() - 3 * 3600_000).toISOString()): Order {
  return orderWith(kinds, {
    orderId: id,
    orderEvents: kinds.map((kind) => ({ kind, createdAt })),
    claimedDepositAmount: '0.05',
    amountToGet: '0.999',
    createdAt,
    userEmail: 'a@b.co',
    destinationAddress: '0xAbC 1',
  });
}
