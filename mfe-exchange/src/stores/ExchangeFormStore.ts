// The exchange form of this release (spec §3 calculator form state, §4, §5, §8 pair loading):
// instruments, the default pair, the amount, and the rate of the current pair (HTTP first, then live).
// One state machine:
//   idle → initialising → loadingRate → ready | error
//   ready|error → (amount / instrument change) → loadingRate …   initialising → initFailed
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  DEFAULT_AMOUNT,
  DEFAULT_PRECISION,
  isApiError,
  type ApiClient,
  type DefaultPair,
  type ExchangeRequest,
  type Instrument,
  type PairData,
} from 'shared-contracts';
import { cleanNumericInput, formatDecimal, isPositiveAmount, toMoney } from '../lib/cleanNumericInput';
import type { PairsSocketError, RatesSocket } from './RatesSocket';

export type FormStatus = 'idle' | 'initialising' | 'initFailed' | 'loadingRate' | 'ready' | 'error';

export type FormErrorKind = 'min' | 'max' | 'unsupported' | 'same' | 'unknown' | 'loadFailed';
export interface FormError {
  kind: FormErrorKind;
  /** For min / max: the limit from the error's details.expectedAmount. */
  expectedAmount?: string;
  message?: string;
}

export type FormApi = Pick<ApiClient, 'instrumentsV2' | 'pairsDefault' | 'rateOne'>;

export interface InitialSelection {
  from?: string;
  to?: string;
  amount?: string | null;
}

export class ExchangeFormStore {
  status: FormStatus = 'idle';
  instruments: Instrument[] = [];
  from: Instrument | null = null;
  to: Instrument | null = null;
  amount = '';
  pairData: PairData | null = null;
  error: FormError | null = null;
  isFirstLoadingSuccess = false;
  /** Slugs asked for by the route but not among the instruments. */
  unknownSlugs: string[] = [];

  private controller: AbortController | null = null;
  private seq = 0;

  constructor(
    private readonly api: FormApi,
    private readonly socket: RatesSocket,
  ) {
    makeObservable<ExchangeFormStore, 'applyRateError'>(this, {
      status: observable,
      instruments: observableRef,
      from: observableRef,
      to: observableRef,
      amount: observable,
      pairData: observableRef,
      error: observableRef,
      isFirstLoadingSuccess: observable,
      unknownSlugs: observableRef,
      request: computed,
      rateText: computed,
      amountToReceive: computed,
      isLoading: computed,
      init: action,
      setAmount: action,
      setFrom: action,
      setTo: action,
      useExpectedAmount: action,
      loadRate: action,
      applyLive: action,
      applyLiveError: action,
      applyRateError: action,
    });
  }

  get isLoading(): boolean {
    return this.status === 'initialising' || this.status === 'loadingRate';
  }

  /** The §3 exchange request of the current form, or null when it cannot be asked. */
  get request(): ExchangeRequest | null {
    if (!this.from || !this.to || this.from.slug === this.to.slug || !isPositiveAmount(this.amount)) return null;
    return {
      instrumentFromSlug: this.from.slug,
      instrumentToSlug: this.to.slug,
      claimedDepositAmount: toMoney(this.amount),
      rateMode: 'FLOATING',
    };
  }

  /** "1 BTC = 20.41234567 ETH" */
  get rateText(): string | null {
    const p = this.pairData;
    if (!p) return null;
    const precision = p.instrumentTo.precisionDecimals ?? DEFAULT_PRECISION.receive;
    return `1 ${p.instrumentFrom.currencyTitle} = ${formatDecimal(p.price, precision)} ${p.instrumentTo.currencyTitle}`;
  }

  get amountToReceive(): string | null {
    const p = this.pairData;
    if (!p || !isPositiveAmount(p.amountToGet)) return null;
    return formatDecimal(p.amountToGet, p.instrumentTo.precisionDecimals ?? DEFAULT_PRECISION.receive);
  }

  async init(initial: InitialSelection = {}): Promise<void> {
    this.status = 'initialising';
    this.error = null;
    const [instrumentsResult, defaultResult] = await Promise.allSettled([this.api.instrumentsV2({ query: {} }), this.api.pairsDefault()]);
    if (instrumentsResult.status === 'rejected') {
      runInAction(() => {
        this.status = 'initFailed';
        this.error = { kind: 'loadFailed', message: errorMessage(instrumentsResult.reason) };
      });
      return;
    }
    const def: DefaultPair | null = defaultResult.status === 'fulfilled' ? defaultResult.value : null;
    runInAction(() => {
      const list = instrumentsResult.value.filter((i) => i.isActive !== false);
      this.instruments = list;
      const bySlug = (slug?: string) => (slug ? list.find((i) => i.slug === slug.toLowerCase()) : undefined);
      this.unknownSlugs = [initial.from, initial.to].filter((s): s is string => !!s && !bySlug(s));
      this.from = bySlug(initial.from) ?? bySlug(def?.instrumentFrom.slug) ?? list[0] ?? null;
      this.to = bySlug(initial.to) ?? bySlug(def?.instrumentTo.slug) ?? list.find((i) => i !== this.from) ?? null;
      const fromQuery = initial.amount ? cleanNumericInput(initial.amount) : '';
      this.amount = isPositiveAmount(fromQuery) ? fromQuery : def && isPositiveAmount(def.amount) ? def.amount : DEFAULT_AMOUNT;
    });
    await this.loadRate();
  }

  setAmount(raw: string): void {
    const cleaned = cleanNumericInput(raw);
    if (cleaned === this.amount) return;
    this.amount = cleaned;
    void this.loadRate();
  }

  setFrom(slug: string): void {
    const next = this.instruments.find((i) => i.slug === slug);
    if (!next || next === this.from) return;
    this.from = next;
    void this.loadRate();
  }

  setTo(slug: string): void {
    const next = this.instruments.find((i) => i.slug === slug);
    if (!next || next === this.to) return;
    this.to = next;
    void this.loadRate();
  }

  /** §8 "the set-minimal action fills the field with the expected limit". */
  useExpectedAmount(): void {
    if (this.error?.expectedAmount) this.setAmount(this.error.expectedAmount);
  }

  /** HTTP rate for the current request, then the socket keeps it live. */
  async loadRate(): Promise<void> {
    this.controller?.abort();
    this.controller = null;
    const seq = ++this.seq;
    if (this.from && this.to && this.from.slug === this.to.slug) {
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = { kind: 'same' };
      this.status = 'error';
      return;
    }
    const request = this.request;
    if (!request) {
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = null;
      this.status = this.from && this.to ? 'ready' : 'error';
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loadingRate';
    try {
      const data = await this.api.rateOne({ query: request, signal: controller.signal });
      if (seq !== this.seq) return;
      runInAction(() => {
        this.pairData = data;
        this.error = null;
        this.status = 'ready';
        this.isFirstLoadingSuccess = true;
      });
      this.socket.subscribe(request);
    } catch (error) {
      if (seq !== this.seq || controller.signal.aborted) return;
      this.socket.unsubscribe();
      this.applyRateError(error);
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  /** A `pairs` data message: accepted only for the pair currently shown. */
  applyLive(data: PairData): void {
    const request = this.request;
    if (!request || this.status === 'loadingRate') return;
    if (data.instrumentFrom.slug !== request.instrumentFromSlug || data.instrumentTo.slug !== request.instrumentToSlug) return;
    this.pairData = data;
    this.error = null;
    this.status = 'ready';
  }

  applyLiveError(error: PairsSocketError): void {
    if (this.status === 'loadingRate') return;
    this.applyRateError(error);
  }

  private applyRateError(error: unknown): void {
    this.pairData = null;
    this.status = 'error';
    const code = isApiError(error) || isErrorBody(error) ? error.code : undefined;
    const details = isApiError(error) || isErrorBody(error) ? error.details : undefined;
    const expected = typeof details?.expectedAmount === 'string' || typeof details?.expectedAmount === 'number' ? String(details.expectedAmount) : undefined;
    switch (code) {
      case 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL':
        this.error = { kind: 'min', expectedAmount: expected };
        break;
      case 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG':
        this.error = { kind: 'max', expectedAmount: expected };
        break;
      case 'ERR_PAIR_NOT_ACTIVE':
      case 'ERR_NO_LIQUIDITY_AVAILABLE':
      case 'ERR_NOT_ACCEPTABLE':
      case 'ERR_UNPROCESSABLE_ENTITY':
        this.error = { kind: 'unsupported' };
        break;
      default:
        console.warn('[mfe-exchange] unknown pair load error', error);
        this.error = { kind: 'unknown', message: errorMessage(error) };
    }
  }

  dispose(): void {
    this.seq++;
    this.controller?.abort();
    this.controller = null;
  }
}

function isErrorBody(value: unknown): value is { code: string; details?: Record<string, unknown> } {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
