// The exchange form (spec §3 calculator form state, §4 exchange form, §5, §8 pair loading): instruments,
// the two amounts with an active side, the rate mode, and the pair data of the current choice (HTTP first,
// then live over the WebSocket). One state machine:
//   idle → initialising → loadingRate → ready | error
//   ready|error → (amount / instrument / side / rate mode / swap) → loadingRate …   initialising → initFailed
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  CLAIMED_AMOUNT_DECIMALS,
  DEFAULT_AMOUNT,
  DEFAULT_PRECISION,
  isApiError,
  type ApiClient,
  type DefaultPair,
  type ExchangeRequest,
  type Instrument,
  type PairData,
  type RateMode,
} from 'shared-contracts';
import { cleanNumericInput, ExactDecimal, formatDecimal, isPositiveAmount, toMoney } from 'remote-kit/format';
import { spreadPercent } from '../../lib/fees';
import { rateLine } from '../../lib/rateLine';
import type { ExchangeSnapshot } from './exchangeSnapshot';
import type { FormAnalytics } from './FormAnalytics';
import { exchangeRequest, findBySlug, firstSelection, isFiat, recommendedAmount, withRecommendedAmount, type InitialSelection } from './formSelection';
import { answersRequest, type PairsSocketError, type RatesSocket } from './RatesSocket';

export type FormStatus = 'idle' | 'initialising' | 'initFailed' | 'loadingRate' | 'ready' | 'error';
/** §3 "Active side: send or receive": the side whose amount the visitor typed (the buy flag). */
export type ActiveSide = 'send' | 'receive';

type FormErrorKind = 'min' | 'max' | 'unsupported' | 'same' | 'unselected' | 'unknown' | 'loadFailed';
export interface FormError {
  kind: FormErrorKind;
  /** For min / max: the limit from the error's details.expectedAmount, in the send currency. */
  expectedAmount?: string;
  message?: string;
}

export type FormApi = Pick<ApiClient, 'instrumentsV2' | 'pairsDefault' | 'rateOne' | 'recommendedAmount'>;

/**
 * §8 set-minimal: the limits follow the market every tick, so the amount filled in sits this far inside the
 * limit the api named (a minimum can depend on two prices — the fees are in the receive currency — and the
 * sandbox market moves each by at most ~0.3 % a tick), so it is still accepted a tick later.
 */
export const LIMIT_HEADROOM = '0.01';

interface FeeLine {
  amount: string;
  currency: string;
}
export interface FeeBreakdown {
  platformFee: FeeLine;
  networkFee: FeeLine;
  /** Our price against the market price, in percent (e.g. "0.5"). */
  spreadPercent: string | null;
  marketPrice: string;
}

export class ExchangeFormStore {
  status: FormStatus = 'idle';
  instruments: Instrument[] = [];
  from: Instrument | null = null;
  to: Instrument | null = null;
  valueToSend = '';
  valueToReceive = '';
  activeSide: ActiveSide = 'send';
  rateMode: RateMode = 'FLOATING';
  pairData: PairData | null = null;
  error: FormError | null = null;
  isFirstLoadingSuccess = false;
  isSwapCoinsLoading = false;
  /** §2: the last pair load ended in an error, so the amount leaves the query. */
  isErrorLoadPair = false;
  /** The not-supported pair popup (§2) is open. */
  unsupportedPopupOpen = false;
  /** Slugs asked for by the route but not among the instruments. */
  unknownSlugs: string[] = [];
  /** §8: on a referral visit, the general minimum of the last below-minimum pair load. */
  generalMinAmount: string | null = null;

  private controller: AbortController | null = null;
  private seq = 0;
  /** A new send coin's default amount is being asked for (a receive coin or rate mode picked meanwhile asks again). */
  private awaitingDefaultAmount = false;

  constructor(
    private readonly api: FormApi,
    private readonly socket: RatesSocket,
    snapshot?: ExchangeSnapshot,
    /** Whether this visit came through a referral (the shell's referralID). */
    private readonly hasReferral: () => boolean = () => false,
    /** §4 exchange_parameters_changed / exchange_abandoned: told of the visitor's own changes (the input actions below). */
    readonly analytics?: FormAnalytics,
  ) {
    makeObservable<ExchangeFormStore, 'applyRateError' | 'applyPairData'>(this, {
      status: observable,
      instruments: observableRef,
      from: observableRef,
      to: observableRef,
      valueToSend: observable,
      valueToReceive: observable,
      activeSide: observable,
      rateMode: observable,
      pairData: observableRef,
      error: observableRef,
      isFirstLoadingSuccess: observable,
      isSwapCoinsLoading: observable,
      isErrorLoadPair: observable,
      unsupportedPopupOpen: observable,
      unknownSlugs: observableRef,
      generalMinAmount: observable,
      amount: computed,
      receiveInstruments: computed,
      isCardPurchase: computed,
      canSwap: computed,
      request: computed,
      rateText: computed,
      amountToReceive: computed,
      isLoading: computed,
      isSendLoading: computed,
      isReceiveLoading: computed,
      isUnsupported: computed,
      isReady: computed,
      fees: computed,
      query: computed,
      showMinConfirmations: computed,
      needsVerification: computed,
      limitToFill: computed,
      init: action,
      restoreDraft: action,
      setAmount: action,
      setReceiveAmount: action,
      setFrom: action,
      setTo: action,
      selectPair: action,
      swap: action,
      setRateMode: action,
      closeUnsupportedPopup: action,
      useExpectedAmount: action,
      loadRate: action,
      applyLive: action,
      applyLiveError: action,
      applyRateError: action,
      applyPairData: action,
    });
    if (snapshot) this.restore(snapshot);
  }

  /** The server's first load (plain assignments: nothing observes the store yet). */
  private restore(snapshot: ExchangeSnapshot): void {
    this.instruments = snapshot.instruments;
    this.from = this.bySlug(snapshot.from) ?? null;
    this.to = this.bySlug(snapshot.to) ?? null;
    this.unknownSlugs = snapshot.unknownSlugs;
    this.valueToSend = snapshot.amount;
    this.status = 'ready';
    if (snapshot.pairData) {
      this.applyPairData(snapshot.pairData);
      this.isFirstLoadingSuccess = true;
    } else if (snapshot.rateError) {
      this.applyRateError(snapshot.rateError);
    }
  }

  /**
   * Instead of init() for a form restored from a snapshot: the live rates take over from the server's; only a
   * rate the server did not ask for is loaded now.
   */
  async resume(): Promise<void> {
    // the visitor typed into the server's page before it was live: that amount is loading already
    if (this.status === 'loadingRate') return;
    const request = this.request;
    if (this.pairData && request) this.socket.subscribe(request);
    else if (!this.error && this.unknownSlugs.length === 0) await this.loadRate();
  }

  /** What the receive side offers: every instrument but fiat (§1: fiat is only sent, a card purchase). The send side offers all. */
  get receiveInstruments(): Instrument[] {
    return this.instruments.filter((i) => !isFiat(i));
  }

  /** §1 a fiat instrument on the send side means a purchase (the §4 card flow). */
  get isCardPurchase(): boolean {
    return isFiat(this.from);
  }

  /** A purchase cannot be swapped: the fiat would land on the receive side, which makes no pair. */
  get canSwap(): boolean {
    return !this.isSwapCoinsLoading && !this.isCardPurchase;
  }

  /** The send amount (what the query's `amount` carries). */
  get amount(): string {
    return this.valueToSend;
  }

  get isLoading(): boolean {
    return this.status === 'initialising' || this.status === 'loadingRate';
  }
  /** §4 loading states per active side: the side being computed is the one loading. */
  get isSendLoading(): boolean {
    return this.isLoading && this.activeSide === 'receive';
  }
  get isReceiveLoading(): boolean {
    return this.isLoading && this.activeSide === 'send';
  }

  /** §5: same instruments, or an inactive pair, flag the pair unsupported. */
  get isUnsupported(): boolean {
    return this.error?.kind === 'unsupported' || this.error?.kind === 'same';
  }

  /** Pair data present and matching the form: the details part may be filled and submitted. */
  get isReady(): boolean {
    return this.status === 'ready' && !!this.pairData && this.isFirstLoadingSuccess;
  }

  /** The §3 exchange request of the current form, or null when it cannot be asked. */
  get request(): ExchangeRequest | null {
    return exchangeRequest(this);
  }

  /** "1 BTC = 20.41234567 ETH", always at the pair's decimals (issue 25); a tiny unit price at a §9 price point: "1000 SHIB = 0.012300 USDT". */
  get rateText(): string | null {
    return this.pairData ? rateLine(this.pairData, 'en') : null;
  }

  get amountToReceive(): string | null {
    return isPositiveAmount(this.valueToReceive) ? this.valueToReceive : null;
  }

  /** Fee breakdown under the amounts: each fee in the currency it is paid in (the receive currency). */
  get fees(): FeeBreakdown | null {
    const p = this.pairData;
    if (!p) return null;
    const to = p.instrumentTo;
    return {
      platformFee: { amount: formatDecimal(p.platformFee_Absolute, to.precisionDecimals), currency: to.currencyTitle },
      networkFee: { amount: formatDecimal(p.finalNetworkFeeAmount, to.precisionDecimals), currency: to.currencyTitle },
      spreadPercent: spreadPercent(p.price, p.marketLeftPrice),
      marketPrice: formatDecimal(p.marketLeftPrice, to.precisionDecimals),
    };
  }

  /** §5 "Confirmations to withdraw are not shown for XRP." Nor for a card purchase: it has no chain deposit. */
  get showMinConfirmations(): boolean {
    return !!this.pairData && this.pairData.instrumentFrom.currencyTitle !== 'XRP' && !this.isCardPurchase;
  }

  /**
   * Published KYC trigger (§4 card flow, issue 12): the send amount reaches the pair's noKycThreshold (in the send
   * currency), so the exchange will ask for identity verification. False without pair data for the send instrument.
   */
  get needsVerification(): boolean {
    const p = this.pairData;
    // Only a card purchase (fiat sender) asks for verification above the threshold (§4 card flow); crypto exchanges do not.
    if (!p || p.instrumentFrom.slug !== this.from?.slug || p.instrumentFrom.instrumentType !== 'fiat' || !isPositiveAmount(this.valueToSend)) return false;
    return ExactDecimal.from(this.valueToSend).gte(p.noKycThreshold);
  }

  /** §2 exchange page query: send, receive and amount; the amount is dropped after a pair-load error. */
  get query(): URLSearchParams {
    const q = new URLSearchParams();
    if (this.from) q.set('send', this.from.slug);
    if (this.to) q.set('receive', this.to.slug);
    if (!this.isErrorLoadPair && isPositiveAmount(this.valueToSend)) q.set('amount', toMoney(this.valueToSend));
    return q;
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
    const first = await withRecommendedAmount(this.api, firstSelection(instrumentsResult.value, def, initial), this.rateMode);
    runInAction(() => {
      this.instruments = first.instruments;
      this.unknownSlugs = first.unknownSlugs;
      this.from = first.from;
      this.to = first.to;
      this.valueToSend = first.valueToSend;
      this.activeSide = 'send';
    });
    await this.loadRate();
  }

  /**
   * §4/§8 a form given back after a new-build or chunk-error reload (formDraft.ts): its pair, rate mode, side and
   * amounts, then its rate. A code that is no longer an instrument keeps the current choice.
   */
  restoreDraft(
    draft: Pick<ExchangeFormStore, 'rateMode' | 'activeSide' | 'valueToSend' | 'valueToReceive'> & { from: string | null; to: string | null },
  ): Promise<boolean> {
    const from = this.bySlug(draft.from);
    const to = this.bySlug(draft.to);
    if (from) this.from = from;
    if (to && !isFiat(to)) this.to = to;
    this.rateMode = draft.rateMode;
    this.activeSide = draft.activeSide;
    this.valueToSend = cleanNumericInput(draft.valueToSend);
    this.valueToReceive = cleanNumericInput(draft.valueToReceive);
    return this.loadRate();
  }

  private bySlug(slug?: string | null): Instrument | undefined {
    return findBySlug(this.instruments, slug);
  }

  /** Send side typed (§5 cleaning). */
  setAmount(raw: string): void {
    const cleaned = cleanNumericInput(raw);
    // the same amount again is a no-op, except after a failed load: then it asks again
    if (cleaned === this.valueToSend && this.activeSide === 'send' && this.status !== 'error') return;
    this.analytics?.changed('amount');
    this.valueToSend = cleaned;
    this.activeSide = 'send';
    if (!isPositiveAmount(cleaned)) this.valueToReceive = '';
    void this.loadRate();
  }

  /** Receive side typed: the pair is asked for with the amount in the receive currency. */
  setReceiveAmount(raw: string): void {
    const cleaned = cleanNumericInput(raw);
    if (cleaned === this.valueToReceive && this.activeSide === 'receive' && this.status !== 'error') return;
    this.analytics?.changed('amount');
    this.valueToReceive = cleaned;
    this.activeSide = 'receive';
    if (!isPositiveAmount(cleaned)) this.valueToSend = '';
    void this.loadRate();
  }

  /**
   * The send coin picked. The coin on the receive side swaps the two (issue 25: a pair of one coin is no choice the
   * visitor meant). An amount typed on the receive side is still in the receive coin and carries over; a send amount
   * is in the old coin's terms (0.1 USD is no amount of BTC), so the new coin's default amount replaces it.
   */
  setFrom(slug: string): void {
    const next = this.bySlug(slug);
    if (!next || next === this.from) return;
    if (next === this.to) {
      if (!this.isCardPurchase) {
        void this.swap();
        return;
      }
      // a card purchase cannot swap (fiat is never received): the coin moves to the send side, another one receives
      this.to = this.receiveInstruments.find((i) => i !== next) ?? null;
    }
    this.analytics?.changed('pair');
    this.from = next;
    if (this.activeSide === 'receive' && isPositiveAmount(this.valueToReceive)) void this.loadRate().then(() => this.fitAmountToLimits());
    else void this.loadWithDefaultAmount();
  }

  /** The receive coin picked. The coin on the send side swaps the two (issue 25). */
  setTo(slug: string): void {
    const next = this.bySlug(slug);
    if (!next || next === this.to || isFiat(next)) return;
    if (next === this.from) {
      void this.swap();
      return;
    }
    this.analytics?.changed('pair');
    this.to = next;
    // an amount typed on the receive side was in the old receive coin: the send amount beside it (in the send coin,
    // which stays) becomes the typed one
    if (this.activeSide === 'receive' && isPositiveAmount(this.valueToSend)) this.activeSide = 'send';
    if (this.awaitingDefaultAmount) void this.loadWithDefaultAmount();
    else void this.loadRate();
  }

  /**
   * A new send coin's amount: §9's 500 for a fiat sender, else the api's recommended amount for the pair (§7); when
   * that is unavailable the amount stays and, should the pair refuse it, moves to the limit the api named.
   */
  private async loadWithDefaultAmount(): Promise<void> {
    const { from, to } = this;
    this.activeSide = 'send';
    this.valueToReceive = '';
    if (isFiat(from)) this.valueToSend = DEFAULT_AMOUNT;
    if (!from || !to || isFiat(from) || from.slug === to.slug) {
      await this.loadRate();
      return;
    }
    this.controller?.abort();
    this.controller = null;
    const seq = ++this.seq;
    this.status = 'loadingRate';
    this.awaitingDefaultAmount = true;
    const amount = await recommendedAmount(this.api, from, to, this.rateMode);
    if (seq !== this.seq) return; // typed, picked or left meanwhile
    runInAction(() => {
      if (amount) this.valueToSend = amount;
    });
    if (await this.loadRate()) return;
    this.fitAmountToLimits();
  }

  /** After a coin switch carried an amount over: one the new pair refuses as below its minimum or above its maximum takes the limit. */
  private fitAmountToLimits(): void {
    const limit = this.limitToFill;
    if (limit) this.setAmount(limit);
  }

  /** Both instruments at once (route change on the pair page). */
  selectPair(fromSlug: string, toSlug: string): void {
    const from = this.bySlug(fromSlug);
    const to = this.bySlug(toSlug);
    if (!from || !to || (from === this.from && to === this.to)) return;
    this.from = from;
    this.to = to;
    void this.loadRate();
  }

  /** §4 swap: exchanges the instruments, moves the entered value to the other field, flips the buy flag, reloads. */
  swap(): Promise<void> {
    if (this.isCardPurchase) return Promise.resolve();
    this.analytics?.changed('pair');
    const [from, to] = [this.to, this.from];
    this.from = from;
    this.to = to;
    if (this.activeSide === 'send') {
      this.valueToReceive = this.valueToSend;
      this.valueToSend = '';
      this.activeSide = 'receive';
    } else {
      this.valueToSend = this.valueToReceive;
      this.valueToReceive = '';
      this.activeSide = 'send';
    }
    this.isSwapCoinsLoading = true;
    return this.loadRate()
      .then(() => undefined)
      .finally(
        action(() => {
          this.isSwapCoinsLoading = false;
        }),
      );
  }

  setRateMode(mode: RateMode): void {
    // the mode shown again is a no-op, except after a failed load: then it asks again
    if (mode === this.rateMode && this.status !== 'error') return;
    this.analytics?.changed('rate_mode');
    this.rateMode = mode;
    if (this.awaitingDefaultAmount) void this.loadWithDefaultAmount();
    else void this.loadRate();
  }

  closeUnsupportedPopup(): void {
    this.unsupportedPopupOpen = false;
  }

  /**
   * What set-minimal fills in (§8 "fills the field with the expected limit"): the limit moved LIMIT_HEADROOM
   * inside, rounded away from it to the send instrument's precision.
   */
  get limitToFill(): string | undefined {
    const error = this.error;
    if (!error?.expectedAmount || (error.kind !== 'min' && error.kind !== 'max')) return undefined;
    const places = Math.min(this.from?.precisionDecimals ?? CLAIMED_AMOUNT_DECIMALS, CLAIMED_AMOUNT_DECIMALS);
    const limit = ExactDecimal.from(error.expectedAmount);
    return error.kind === 'min'
      ? limit.times(ExactDecimal.from(1).plus(LIMIT_HEADROOM)).round(places, 'up').toFixed()
      : limit.times(ExactDecimal.from(1).minus(LIMIT_HEADROOM)).round(places, 'down').toFixed();
  }

  useExpectedAmount(): void {
    const amount = this.limitToFill;
    if (amount) this.setAmount(amount);
  }

  /** HTTP pair data for the current request, then the socket keeps it live. Resolves true when loaded. */
  async loadRate(): Promise<boolean> {
    this.awaitingDefaultAmount = false;
    this.controller?.abort();
    this.controller = null;
    const seq = ++this.seq;
    if (!this.from || !this.to) {
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = { kind: 'unselected' };
      this.status = 'error';
      return false;
    }
    if (this.from.slug === this.to.slug) {
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = { kind: 'same' };
      this.unsupportedPopupOpen = true;
      this.status = 'error';
      return false;
    }
    if (isFiat(this.to)) {
      // §1 a pair never receives fiat (only a route can ask for it: the receive picker does not offer it)
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = { kind: 'unsupported' };
      this.unsupportedPopupOpen = true;
      this.status = 'error';
      return false;
    }
    const request = this.request;
    if (!request) {
      this.socket.unsubscribe();
      this.pairData = null;
      this.error = null;
      this.status = 'ready';
      return false;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loadingRate';
    try {
      const data = await this.api.rateOne({ query: request, signal: controller.signal });
      if (seq !== this.seq) return false;
      runInAction(() => {
        this.applyPairData(data);
        this.error = null;
        this.status = 'ready';
        this.isFirstLoadingSuccess = true;
        this.isErrorLoadPair = false;
      });
      this.socket.subscribe(request);
      return true;
    } catch (error) {
      if (seq !== this.seq || controller.signal.aborted) return false;
      this.socket.unsubscribe();
      this.applyRateError(error);
      return false;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  private applyPairData(data: PairData): void {
    this.pairData = data;
    // the side not typed shows what the pair data computed, only when > 0 (§5)
    const shown = (v: string) => (isPositiveAmount(v) ? v : '');
    if (this.activeSide === 'send')
      this.valueToReceive = shown(formatDecimal(data.amountToGet, data.instrumentTo.precisionDecimals ?? DEFAULT_PRECISION.receive));
    else this.valueToSend = shown(formatDecimal(data.amountToGive, data.instrumentFrom.precisionDecimals ?? DEFAULT_PRECISION.receive));
  }

  /** A `pairs` data message: accepted only when it answers the form's current request (pair, mode, amount and side). */
  applyLive(data: PairData): void {
    const request = this.request;
    if (!request || this.status === 'loadingRate') return;
    if (!answersRequest(request, data)) return;
    this.applyPairData(data);
    this.error = null;
    this.status = 'ready';
    this.isErrorLoadPair = false;
  }

  applyLiveError(error: PairsSocketError): void {
    if (this.status === 'loadingRate') return;
    this.applyRateError(error);
  }

  private applyRateError(error: unknown): void {
    this.pairData = null;
    this.status = 'error';
    this.isErrorLoadPair = true;
    // what the failed pair data computed is no longer true: only the typed side stays (§5)
    if (this.activeSide === 'send') this.valueToReceive = '';
    else this.valueToSend = '';
    const code = isApiError(error) || isErrorBody(error) ? error.code : undefined;
    const details = isApiError(error) || isErrorBody(error) ? error.details : undefined;
    const expected = typeof details?.expectedAmount === 'string' || typeof details?.expectedAmount === 'number' ? String(details.expectedAmount) : undefined;
    switch (code) {
      case 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_SMALL': {
        this.error = { kind: 'min', expectedAmount: expected };
        // §8 "with a referral the general minimum is also stored"
        const general = details?.generalMinAmount;
        if (this.hasReferral()) this.generalMinAmount = typeof general === 'string' || typeof general === 'number' ? String(general) : (expected ?? null);
        break;
      }
      case 'ERR_CLAIMED_DEPOSIT_AMOUNT_TOO_BIG':
        this.error = { kind: 'max', expectedAmount: expected };
        break;
      case 'ERR_PAIR_NOT_ACTIVE':
      case 'ERR_NO_LIQUIDITY_AVAILABLE':
        this.error = { kind: 'unsupported' };
        this.unsupportedPopupOpen = true;
        break;
      case 'ERR_NOT_ACCEPTABLE':
      case 'ERR_UNPROCESSABLE_ENTITY':
        // §8: switch to floating and mark the pair unsupported (the popup says so); a FIXED request that was refused
        // is asked again in FLOATING, so the form shows what the pair does offer.
        this.error = { kind: 'unsupported' };
        this.unsupportedPopupOpen = true;
        if (this.rateMode !== 'FLOATING') {
          this.rateMode = 'FLOATING';
          void this.loadRate();
        }
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
