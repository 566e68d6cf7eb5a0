import type { Order, RateMode } from 'shared-contracts';

/** The fields of an order-create answer this remote reads. */
export function orderLike(orderId: string, destinationAddress: string, rateMode: RateMode): Order {
  return { orderId, destinationAddress, rateMode } as Order;
}
