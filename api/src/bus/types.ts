// Message bus: in-process by default, Redis pub/sub when REDIS_URL is set, so several api replicas
// fan rate ticks and order events out together.
export interface MessageBus {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const BUS_CHANNELS = {
  rateTick: 'rates.tick',
  orderEvent: 'orders.event',
} as const;

/**
 * The wire format of BUS_CHANNELS.orderEvent (JSON): the order as it is now, published after each change.
 * WebSocket subscribers of `orders.subscribe` receive `order` when orderId and destinationAddress match.
 */
export interface OrderEventMessage {
  order: { orderId: string; destinationAddress: string } & Record<string, unknown>;
}
