// The `/api/v2/ws` connection every remote uses, as one state machine (§4 live rates, §9 reconnect):
//   idle → connecting → open; a close → waiting (3 s) → connecting …; after 40 consecutive failed
//   reconnects → failed; dispose() → disposed. Feature sockets (rates, order events) compose it.
//   A close with 1012 (Service Restart: the server drains on a rolling restart, issue 14) of an open socket
//   reconnects at once — after a random delay of at most RESTART_RECONNECT_SPREAD_MS, so that the clients of a
//   restarting replica do not all arrive at the others in the same millisecond.
import { action, makeObservable, observable } from 'mobx';
import { WS_RECONNECT_INTERVAL_MS, WS_RECONNECT_MAX_ATTEMPTS, type WsClientMessage, type WsServerMessage } from 'shared-contracts';

/** The part of the browser WebSocket used here, so tests can inject a fake. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}
/** RFC 6455 / IANA close code: the server is restarting. */
export const CLOSE_SERVICE_RESTART = 1012;
export const RESTART_RECONNECT_SPREAD_MS = 1_000;

export type SocketFactory = (url: string) => SocketLike;

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'failed' | 'disposed';

export interface ReconnectingSocketOptions {
  url: string;
  createSocket?: SocketFactory;
  reconnectIntervalMs?: number;
  maxReconnectAttempts?: number;
  /** Called on every (re)open: the place to (re)send subscriptions. */
  onOpen(): void;
  onMessage(message: WsServerMessage): void;
}

export class ReconnectingSocket {
  state: SocketState = 'idle';
  /** Consecutive reconnects since the last successful open. */
  attempts = 0;

  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: SocketFactory;
  private readonly intervalMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.intervalMs = options.reconnectIntervalMs ?? WS_RECONNECT_INTERVAL_MS;
    this.maxAttempts = options.maxReconnectAttempts ?? WS_RECONNECT_MAX_ATTEMPTS;
    makeObservable<ReconnectingSocket, 'handleOpen' | 'handleClose'>(this, {
      state: observable,
      attempts: observable,
      connect: action,
      restart: action,
      dispose: action,
      handleOpen: action,
      handleClose: action,
    });
  }

  connect(): void {
    if (this.state === 'disposed' || this.state === 'connecting' || this.state === 'open') return;
    this.clearTimer();
    this.state = 'connecting';
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.handleClose();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.socket === socket && this.handleOpen();
    socket.onclose = (ev) => this.socket === socket && this.handleClose((ev as { code?: number } | undefined)?.code);
    socket.onerror = () => undefined; // a close always follows
    socket.onmessage = (ev) => this.socket === socket && this.handleMessage(ev.data);
  }

  /** Connects again after giving up (a new subscription deserves a fresh set of attempts). */
  restart(): void {
    if (this.state === 'failed') this.attempts = 0;
    if (this.state === 'idle' || this.state === 'failed') this.connect();
  }

  send(message: WsClientMessage): void {
    if (this.state === 'open') this.socket?.send(JSON.stringify(message));
  }

  dispose(): void {
    this.state = 'disposed';
    this.clearTimer();
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

  private handleOpen(): void {
    this.state = 'open';
    this.attempts = 0;
    this.options.onOpen();
  }

  private handleClose(code?: number): void {
    if (this.state === 'disposed') return;
    const wasOpen = this.state === 'open';
    this.socket = null;
    if (this.attempts >= this.maxAttempts) {
      this.state = 'failed';
      return;
    }
    this.state = 'waiting';
    this.timer = setTimeout(
      action(() => {
        this.timer = null;
        this.attempts += 1;
        this.connect();
      }),
      wasOpen && code === CLOSE_SERVICE_RESTART ? Math.floor(Math.random() * Math.min(this.intervalMs, RESTART_RECONNECT_SPREAD_MS)) : this.intervalMs,
    );
  }

  private handleMessage(raw: unknown): void {
    let message: WsServerMessage;
    try {
      message = JSON.parse(String(raw)) as WsServerMessage;
    } catch {
      return;
    }
    if (message && typeof message === 'object') this.options.onMessage(message);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
