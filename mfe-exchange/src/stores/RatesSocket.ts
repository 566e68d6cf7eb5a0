// Live rates over `/api/v2/ws` (ARCHITECTURE.md "WebSocket"): the pair subscription on top of the shared
// reconnecting connection (remote-kit/socket), which owns the §9 reconnect state machine.
import { action, computed, makeObservable, observableRef } from 'mobx';
import type { ExchangeRequest, PairData, WsServerMessage } from 'shared-contracts';
import { ReconnectingSocket, type SocketFactory, type SocketState } from 'remote-kit/socket';

export type { SocketFactory };
export type RatesSocketState = SocketState;

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
  request: ExchangeRequest | null = null;
  lastData: PairData | null = null;

  private readonly connection: ReconnectingSocket;
  private readonly listeners = new Set<RatesSocketListener>();

  constructor(options: RatesSocketOptions) {
    this.connection = new ReconnectingSocket({
      ...options,
      onOpen: () => {
        if (this.request) this.connection.send({ event: 'pairs.rates', data: this.request });
      },
      onMessage: (message) => this.handleMessage(message),
    });
    makeObservable<RatesSocket, 'handleMessage'>(this, {
      request: observableRef,
      lastData: observableRef,
      state: computed,
      attempts: computed,
      subscribe: action,
      unsubscribe: action,
      handleMessage: action,
    });
  }

  get state(): RatesSocketState {
    return this.connection.state;
  }

  /** Consecutive reconnects since the last successful open. */
  get attempts(): number {
    return this.connection.attempts;
  }

  listen(listener: RatesSocketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connect(): void {
    this.connection.connect();
  }

  /** Subscribes to a pair's rates; sent now if open, else on the next open. */
  subscribe(request: ExchangeRequest): void {
    this.request = request;
    if (this.state === 'open') this.connection.send({ event: 'pairs.rates', data: request });
    else this.connection.restart();
  }

  unsubscribe(): void {
    if (!this.request) return;
    this.request = null;
    this.connection.send({ event: 'pairs.unsubscribe' });
  }

  dispose(): void {
    this.listeners.clear();
    this.connection.dispose();
  }

  private handleMessage(message: WsServerMessage): void {
    // after unsubscribe, ticks of the old subscription may still arrive: they describe nothing on screen
    if (message.channel !== 'pairs' || !this.request) return;
    if (message.event === 'data') {
      this.lastData = message.data;
      for (const l of this.listeners) l.onData?.(message.data);
    } else if (message.event === 'error') {
      for (const l of this.listeners) l.onError?.(message.data);
    }
  }
}
