import type { SocketLike } from './ReconnectingSocket';

/** A controllable WebSocket stand-in for every remote's tests (`remote-kit/fake-socket`): tests call open()/message()/serverClose(). */
export class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
  }
  static get last(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }

  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  message(payload: unknown): void {
    this.onmessage?.({ data: JSON.stringify(payload) });
  }
  /** The server closes the socket, with a close code when given (1012: Service Restart). */
  serverClose(code?: number): void {
    this.readyState = 3;
    this.onclose?.(code === undefined ? {} : { code });
  }
}

export const fakeSocketFactory = (url: string) => new FakeWebSocket(url);

/** A WebSocket that never connects, for pages that open a socket while they render (set as the global WebSocket). */
export class SilentWebSocket implements SocketLike {
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}
