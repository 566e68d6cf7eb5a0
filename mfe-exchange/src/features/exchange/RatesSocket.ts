// Live rates over `/api/v2/ws` (ARCHITECTURE.md "WebSocket"): the pair subscription on top of the shared
// reconnecting connection (remote-kit/socket), which owns the §9 reconnect state machine.
import { action, computed, makeObservable, observableRef } from 'mobx';
import { CLAIMED_AMOUNT_DECIMALS, DEFAULT_PRECISION, type ExchangeRequest, type Instrument, type PairData, type WsServerMessage } from 'shared-contracts';
import { ExactDecimal } from 'remote-kit/format';
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

/** One unit of an instrument's amounts (§9: its precisionDecimals, at most the 8 decimals of a claimed amount). */
function unitOf(i: Pick<Instrument, 'precisionDecimals'>): ExactDecimal {
  return ExactDecimal.unit(Math.min(i.precisionDecimals ?? DEFAULT_PRECISION.receive, CLAIMED_AMOUNT_DECIMALS));
}

/**
 * Whether pair data answers `request`: the same pair and rate mode, and the amount typed on the request's side. The
 * data does not echo the request, so the amount is recognised as the server computes it: on the send side the deposit
 * is the typed amount in the send coin's unit; on the receive side the deposit is the smallest one (in send units)
 * that yields the typed amount, so what it yields is the typed amount give or take one send unit's worth.
 * A tick of a previous subscription (another amount, the other side, the old pair) answers nothing on screen.
 */
export function answersRequest(request: ExchangeRequest, data: PairData): boolean {
  if (data.instrumentFrom.slug !== request.instrumentFromSlug || data.instrumentTo.slug !== request.instrumentToSlug) return false;
  if (data.rateMode !== (request.rateMode ?? 'FLOATING')) return false;
  if (request.claimedDepositAmount === undefined) return true;
  const typed = ExactDecimal.from(request.claimedDepositAmount);
  const fromUnit = unitOf(data.instrumentFrom);
  if (request.claimedDepositAmountCurrency && request.claimedDepositAmountCurrency === request.instrumentToSlug) {
    const toUnit = unitOf(data.instrumentTo);
    const got = ExactDecimal.from(data.amountToGet);
    return got.gte(typed.minus(toUnit)) && got.lte(typed.plus(ExactDecimal.from(data.price).times(fromUnit)).plus(toUnit));
  }
  return ExactDecimal.from(data.claimedDepositAmount).minus(typed).abs().lt(fromUnit);
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
      // nor do ticks of the subscription this one replaced (another amount, side, pair or mode), still in flight
      if (!answersRequest(this.request, message.data)) return;
      this.lastData = message.data;
      for (const l of this.listeners) l.onData?.(message.data);
    } else if (message.event === 'error') {
      for (const l of this.listeners) l.onError?.(message.data);
    }
  }
}
