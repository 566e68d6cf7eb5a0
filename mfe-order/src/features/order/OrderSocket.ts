// Live order events over `/api/v2/ws`: `orders.subscribe` {orderId, destinationAddress} → `orders` data
// frames, on the shared reconnecting connection (remote-kit/socket: 3 s, at most 40 times, §9).
// Polling stays the fallback (§4), so a failed socket is not an error.
import type { Order } from 'shared-contracts';
import { ReconnectingSocket, type SocketFactory, type SocketState } from 'remote-kit/socket';

export type { SocketFactory };
export type OrderSocketState = SocketState;

export interface OrderSocketOptions {
  url: string;
  subscription: { orderId: string; destinationAddress: string };
  onOrder(order: Order): void;
  createSocket?: SocketFactory;
}

export class OrderSocket {
  private readonly connection: ReconnectingSocket;

  constructor(options: OrderSocketOptions) {
    this.connection = new ReconnectingSocket({
      url: options.url,
      createSocket: options.createSocket,
      onOpen: () => this.connection.send({ event: 'orders.subscribe', data: options.subscription }),
      onMessage: (message) => {
        if (message.channel === 'orders' && message.event === 'data' && message.data?.orderId === options.subscription.orderId) options.onOrder(message.data);
      },
    });
  }

  get state(): OrderSocketState {
    return this.connection.state;
  }

  get attempts(): number {
    return this.connection.attempts;
  }

  connect(): void {
    this.connection.connect();
  }

  dispose(): void {
    this.connection.dispose();
  }
}
