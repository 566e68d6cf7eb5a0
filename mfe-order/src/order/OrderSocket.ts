// Live order events over `/api/v2/ws`: `orders.subscribe` {orderId, destinationAddress} → `orders` data frames.
// One state machine: idle → connecting → open; close → waiting (3 s) → connecting …, at most 40 times (§9)
// → failed; dispose() → disposed. Polling stays the fallback (§4), so a failed socket is not an error.
import { WS_RECONNECT_INTERVAL_MS, WS_RECONNECT_MAX_ATTEMPTS, type Order, type WsClientMessage, type WsServerMessage } from 'shared-contracts';

export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}
export type SocketFactory = (url: string) => SocketLike;

export type OrderSocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'failed' | 'disposed';

export interface OrderSocketOptions {
  url: string;
  subscription: { orderId: string; destinationAddress: string };
  onOrder(order: Order): void;
  createSocket?: SocketFactory;
}

export class OrderSocket {
  state: OrderSocketState = 'idle';
  attempts = 0;
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: SocketFactory;

  constructor(private readonly options: OrderSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
  }

  connect(): void {
    if (this.state === 'disposed' || this.state === 'connecting' || this.state === 'open') return;
    this.state = 'connecting';
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.handleClose();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'open';
      this.attempts = 0;
      this.send({ event: 'orders.subscribe', data: this.options.subscription });
    };
    socket.onclose = () => this.socket === socket && this.handleClose();
    socket.onerror = () => undefined; // a close follows
    socket.onmessage = (ev) => this.socket === socket && this.handleMessage(ev.data);
  }

  dispose(): void {
    this.state = 'disposed';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = null;
      socket.onmessage = null;
      try {
        socket.close();
      } catch {
        /* already closed */
      }
    }
  }

  private handleClose(): void {
    if (this.state === 'disposed') return;
    this.socket = null;
    if (this.attempts >= WS_RECONNECT_MAX_ATTEMPTS) {
      this.state = 'failed';
      return;
    }
    this.state = 'waiting';
    this.timer = setTimeout(() => {
      this.timer = null;
      this.attempts += 1;
      this.connect();
    }, WS_RECONNECT_INTERVAL_MS);
  }

  private handleMessage(raw: unknown): void {
    let message: WsServerMessage;
    try {
      message = JSON.parse(String(raw)) as WsServerMessage;
    } catch {
      return;
    }
    if (message?.channel === 'orders' && message.event === 'data' && message.data?.orderId === this.options.subscription.orderId) {
      this.options.onOrder(message.data);
    }
  }

  private send(message: WsClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }
}
