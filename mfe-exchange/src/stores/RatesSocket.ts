// Live rates over `/api/v2/ws` (ARCHITECTURE.md "WebSocket"): one state machine.
//   idle → connecting → open ⇄ (message) ; open|connecting → (close) → waiting → connecting …
//   after WS_RECONNECT_MAX_ATTEMPTS consecutive failed reconnects → failed; dispose() → disposed.
import { action, makeObservable, observable, observableRef } from 'mobx';
import {
  WS_RECONNECT_INTERVAL_MS,
  WS_RECONNECT_MAX_ATTEMPTS,
  type ExchangeRequest,
  type PairData,
  type WsClientMessage,
  type WsServerMessage,
} from 'shared-contracts';

export type RatesSocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'failed' | 'disposed';

/** The part of the browser WebSocket this class uses, so tests can inject a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}
export type SocketFactory = (url: string) => SocketLike;

export type PairsSocketError = Extract<WsServerMessage, { channel: 'pairs'; event: 'error' }>['data'];

export interface RatesSocketListener {
  onData?(data: PairData): void;
  onError?(error: PairsSocketError): void;
}

export interface RatesSocketOptions {
  url: string;
  createSocket?: SocketFactory;
  reconnectIntervalMs?: number;
  maxReconnectAttempts?: number;
}

export class RatesSocket {
  state: RatesSocketState = 'idle';
  /** Consecutive reconnects since the last successful open. */
  attempts = 0;
  request: ExchangeRequest | null = null;
  lastData: PairData | null = null;

  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<RatesSocketListener>();
  private readonly createSocket: SocketFactory;
  private readonly intervalMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: RatesSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.intervalMs = options.reconnectIntervalMs ?? WS_RECONNECT_INTERVAL_MS;
    this.maxAttempts = options.maxReconnectAttempts ?? WS_RECONNECT_MAX_ATTEMPTS;
    makeObservable<RatesSocket, 'handleOpen' | 'handleClose' | 'handleMessage'>(this, {
      state: observable,
      attempts: observable,
      request: observableRef,
      lastData: observableRef,
      connect: action,
      subscribe: action,
      unsubscribe: action,
      dispose: action,
      handleOpen: action,
      handleClose: action,
      handleMessage: action,
    });
  }

  listen(listener: RatesSocketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    socket.onclose = () => this.socket === socket && this.handleClose();
    socket.onerror = () => undefined; // a close always follows
    socket.onmessage = (ev) => this.socket === socket && this.handleMessage(ev.data);
  }

  /** Subscribes to a pair's rates; sent now if open, else on the next open. */
  subscribe(request: ExchangeRequest): void {
    this.request = request;
    if (this.state === 'open') this.send({ event: 'pairs.rates', data: request });
    else if (this.state === 'idle' || this.state === 'failed') {
      if (this.state === 'failed') this.attempts = 0;
      this.connect();
    }
  }

  unsubscribe(): void {
    if (!this.request) return;
    this.request = null;
    if (this.state === 'open') this.send({ event: 'pairs.unsubscribe' });
  }

  dispose(): void {
    this.state = 'disposed';
    this.clearTimer();
    this.listeners.clear();
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
    if (this.request) this.send({ event: 'pairs.rates', data: this.request });
  }

  private handleClose(): void {
    if (this.state === 'disposed') return;
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
      this.intervalMs,
    );
  }

  private handleMessage(raw: unknown): void {
    let message: WsServerMessage;
    try {
      message = JSON.parse(String(raw)) as WsServerMessage;
    } catch {
      return;
    }
    // after unsubscribe, ticks of the old subscription may still arrive: they describe nothing on screen
    if (message?.channel !== 'pairs' || !this.request) return;
    if (message.event === 'data') {
      this.lastData = message.data;
      for (const l of this.listeners) l.onData?.(message.data);
    } else if (message.event === 'error') {
      for (const l of this.listeners) l.onError?.(message.data);
    }
  }

  private send(message: WsClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
