// The order page state machine (spec §2 order page, §4 order events, §8):
//   pending                     /order/pending: nothing to fetch
//   addressIncorrect            missing id or destinationAddress, or ERR_NOT_FOUND_E: polling stops
//   loading → ready | loadFailed  then polled every 5 s (and pushed over the WebSocket) until step ≥ 3
//   ready (from `initialOrder`, the server's load) → polled and pushed from start() the same way
// The constructor starts nothing (render-safe); start() after mount, dispose() on unmount.
// Actions: request refund / accept the new rate (each followed by a re-fetch), email the link.
// Issue 23: a new-rate offer holds until its expiresAt. Accepting names the offer shown (its amount), which the server
// pays exactly or refuses once stale (ERR_NOT_ACCEPTABLE); at the expiry the store re-fetches the order, whose offer the
// server renews, and the panel says the offer changed and asks again (offerRenewed). An amount not shown is never paid.
// An order on hold (issue 7: deposit above the pair's limits) offers only the refund; when the order has
// no refund address (floating), the customer types one first.
// A card order (issue 12, §4 card flow) awaiting its payment offers the provider's payment page: the redirect modal
// (§2, type order) opens once per page, after mount (never on the server), and closes when its link is opened or
// the payment is made. A card order offers no refund (the card is refunded by the provider); a declined payment
// ends the order and polling.
// §4 analytics: when the page sees the order completed (WITHDRAWAL_COMPLETED, pushed, polled or loaded), it reports
// exchange_completed_registered or exchange_completed_guest (by the host session, once its first load is done), once
// per store; the shell keeps it to once per order per browser (another visit of the page, another tab).
import { action, computed, makeObservable, observable, observableRef, runInAction, when } from 'mobx';
import type { AnalyticsEvent } from 'shared-contracts';
import {
  NOTIFICATION_SHORT_TIMEOUT_MS,
  ORDER_POLL_INTERVAL_MS,
  isApiError,
  type ApiClient,
  type HostServices,
  type Instrument,
  type Order,
  type RefundInfo,
} from 'shared-contracts';
import {
  displayedOrderState,
  holdEvent,
  isAwaitingCardPayment,
  isCardOrder,
  isCardPaymentDeclined,
  isOnHold,
  isRateChangedWarningOpen,
  isRateWarningShown,
  latestProblemEvent,
  orderStepper,
  progressStepIndex,
  shouldKeepPolling,
  type DisplayedState,
  type OrderStepper,
} from './orderProgress';
import { findInstrument } from './instruments';
import { OrderSocket, type SocketFactory } from './OrderSocket';

type OrderApi = Pick<ApiClient, 'orderPublicInfo' | 'orderRefundInfo' | 'orderRequestRefund' | 'orderAcceptRateModeChange' | 'orderSetEmail' | 'instrumentsV2'>;

export type OrderStatus = 'pending' | 'addressIncorrect' | 'loading' | 'ready' | 'loadFailed';
export type OrderAction = 'refund' | 'acceptRate' | 'email';

export interface OrderStoreDeps {
  api: OrderApi;
  orderId: string | undefined;
  destinationAddress: string | null | undefined;
  notify?: HostServices['notify'];
  /** Translates text keys for notifications. */
  translate?: (key: string) => string;
  /** The site's locale: the mail with the order's link is written in it (issue 23). */
  locale?: string;
  wsUrl?: string;
  createSocket?: SocketFactory;
  /** The order as the server loaded it for this id and address (`host.initialData`): the store starts ready. */
  initialOrder?: Order;
  /** The catalogue entries of the order's instruments the server loaded with it (precision, explorers, token). */
  initialInstruments?: readonly Instrument[];
  /** §4 exchange_completed_*: host.analytics.track and the host session (guest or registered, once loaded). */
  analytics?: {
    track(event: AnalyticsEvent, data?: Record<string, unknown>): void;
    session: { readonly isAuthorised: boolean; readonly isLoading: boolean };
  };
}

/**
 * §4: refund info is loaded for fixed-rate orders, held deposits and (issue 29) floating orders stopped past their
 * maximum slippage; a card order has no refund here.
 */
function wantsRefundInfo(order: Order): boolean {
  const refundable = order.rateMode === 'FIXED' || isOnHold(order.orderEvents) || isRateWarningShown(order.orderEvents);
  return !isCardOrder(order) && refundable && shouldKeepPolling(order.orderEvents);
}

/** The refund form's message for a refused refund request (§5 error keys, §8 blacklist). */
function refundErrorKey(error: unknown): string {
  if (isApiError(error) && error.code === 'ERR_VALIDATION') {
    if (error.fields?.refundAddress) return 'error_refund_address_incorrect';
    if (error.fields?.refundAddressMemo) return 'error_refund_memo_incorrect';
  }
  if (isApiError(error) && error.code === 'ERR_FORBIDDEN') return 'error_refund_address_blacklisted';
  return 'error_refund_failed';
}

/** Issue 23: a stale offer (expired or renewed since it was shown) is refused; the re-fetch brings the fresh one. */
function acceptErrorKey(error: unknown): string {
  return isApiError(error) && error.code === 'ERR_NOT_ACCEPTABLE' ? 'error_offer_expired' : 'error_accept_rate_failed';
}

/** The order is read again this long after its offer's expiry (the server renews an offer once it has expired). */
const OFFER_REFRESH_MARGIN_MS = 500;

export class OrderStore {
  status: OrderStatus;
  order: Order | null = null;
  refundInfo: RefundInfo | null = null;
  busyAction: OrderAction | null = null;
  actionError: string | null = null;
  emailSaved = false;
  /** Issue 23: the offer shown expired and a fresh one replaced it: the panel asks again. */
  offerRenewed = false;
  isPolling = false;
  /** §2 redirect modal of type order: the card payment page offered in a dialog, once per page. */
  redirectModalOpen = false;
  /** Refund form of an order on hold without a refund address. */
  refundAddressInput = '';
  refundMemoInput = '';
  /** The instrument catalogue (or the order's part of it): display precision, explorer links, token contract. */
  instruments: readonly Instrument[];

  readonly orderId: string;
  readonly destinationAddress: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private offerTimer: ReturnType<typeof setTimeout> | null = null;
  private socket: OrderSocket | null = null;
  private disposed = false;
  private started = false;
  private fetchSeq = 0;
  private redirectModalOffered = false;
  private completionReported = false;

  constructor(private readonly deps: OrderStoreDeps) {
    this.orderId = deps.orderId ?? '';
    this.destinationAddress = deps.destinationAddress?.trim() ?? '';
    this.status = this.orderId === 'pending' ? 'pending' : !this.orderId || !this.destinationAddress ? 'addressIncorrect' : 'loading';
    this.instruments = deps.initialInstruments ?? [];
    if (this.status === 'loading' && deps.initialOrder) {
      this.order = deps.initialOrder;
      this.status = 'ready';
    }
    makeObservable<OrderStore, 'apply' | 'offerRedirect'>(this, {
      status: observable,
      order: observableRef,
      refundInfo: observableRef,
      busyAction: observable,
      actionError: observable,
      emailSaved: observable,
      offerRenewed: observable,
      isPolling: observable,
      redirectModalOpen: observable,
      isCardOrder: computed,
      awaitingCardPayment: computed,
      cardPaymentDeclined: computed,
      closeRedirectModal: action,
      offerRedirect: action,
      refundAddressInput: observable,
      refundMemoInput: observable,
      instruments: observableRef,
      instrumentFrom: computed,
      instrumentTo: computed,
      stepIndex: computed,
      stepper: computed,
      onHold: computed,
      holdEvent: computed,
      needsRefundAddress: computed,
      refundTakesMemo: computed,
      setRefundAddress: action,
      setRefundMemo: action,
      displayedState: computed,
      rateChangedWarningOpen: computed,
      rateWarningShown: computed,
      problemEvent: computed,
      apply: action,
      stop: action,
    });
  }

  get stepIndex(): number {
    return this.order ? progressStepIndex(this.order.orderEvents) : 0;
  }
  /** The stepper's steps, current step and its status (issue 10). */
  get stepper(): OrderStepper {
    return orderStepper(this.order?.orderEvents ?? []);
  }
  get displayedState(): DisplayedState {
    return this.order ? displayedOrderState(this.order.orderEvents) : 'CLEARED';
  }
  get rateChangedWarningOpen(): boolean {
    return !!this.order && isRateChangedWarningOpen(this.order.orderEvents);
  }
  get rateWarningShown(): boolean {
    return !!this.order && isRateWarningShown(this.order.orderEvents);
  }
  get problemEvent() {
    return this.order ? latestProblemEvent(this.order) : undefined;
  }
  get onHold(): boolean {
    return !!this.order && isOnHold(this.order.orderEvents);
  }
  get holdEvent() {
    return this.order ? holdEvent(this.order) : undefined;
  }
  /** A held floating order, or one stopped past its maximum slippage (issue 29), has no refund address yet: the refund form asks for one. */
  get needsRefundAddress(): boolean {
    return (this.onHold || this.rateWarningShown) && !this.order?.refundAddress;
  }
  /** The send network takes a memo when the order's deposit address came with one. */
  get refundTakesMemo(): boolean {
    return !!this.order?.orderDetails.depositAddressMemo;
  }

  /** A card purchase (issue 12): paid on the provider's payment page, not by a chain deposit. */
  get isCardOrder(): boolean {
    return !!this.order && isCardOrder(this.order);
  }
  /** A card order still to be paid: the pay block instead of the deposit address. */
  get awaitingCardPayment(): boolean {
    return !!this.order && isAwaitingCardPayment(this.order);
  }
  get cardPaymentDeclined(): boolean {
    return !!this.order && isCardPaymentDeclined(this.order.orderEvents);
  }

  closeRedirectModal(): void {
    this.redirectModalOpen = false;
  }

  /** Opens the redirect modal the first time this page has a card order to pay (with its page); closes it once paid. */
  private offerRedirect(): void {
    if (!this.awaitingCardPayment) {
      this.redirectModalOpen = false;
      return;
    }
    if (this.redirectModalOffered || !this.order?.redirectUrl) return;
    this.redirectModalOffered = true;
    this.redirectModalOpen = true;
  }

  /** The send instrument's catalogue entry, once known. */
  get instrumentFrom(): Instrument | undefined {
    return this.order ? findInstrument(this.instruments, this.order.pair.instrumentFrom) : undefined;
  }
  /** The receive instrument's catalogue entry, once known. */
  get instrumentTo(): Instrument | undefined {
    return this.order ? findInstrument(this.instruments, this.order.pair.instrumentTo) : undefined;
  }

  setRefundAddress(value: string): void {
    this.refundAddressInput = value;
    if (this.actionError) this.actionError = null;
  }
  setRefundMemo(value: string): void {
    this.refundMemoInput = value;
  }

  /** First fetch (unless the server's order is there), polling and the live subscription. */
  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    const restored = this.status === 'ready' && this.order;
    if (!restored && this.status !== 'loading') return; // pending or address incorrect: no polling (§2)
    if (this.instruments.length === 0) void this.loadInstruments();
    if (restored) {
      this.offerRedirect();
      this.reportCompletion();
      if (!shouldKeepPolling(restored.orderEvents)) return;
      if (wantsRefundInfo(restored)) void this.loadRefundInfo();
      this.scheduleOfferRefresh();
      this.schedule();
    } else void this.fetch();
    if (this.deps.wsUrl) {
      this.socket = new OrderSocket({
        url: this.deps.wsUrl,
        subscription: { orderId: this.orderId, destinationAddress: this.destinationAddress },
        onOrder: (order) => this.apply(order),
        createSocket: this.deps.createSocket,
      });
      this.socket.connect();
    }
  }

  /** One fetch; schedules the next poll while the step index is below 3. */
  async fetch(): Promise<void> {
    if (this.disposed || this.status === 'addressIncorrect' || this.status === 'pending') return;
    this.clearTimer();
    const seq = ++this.fetchSeq;
    try {
      const order = await this.deps.api.orderPublicInfo({ query: { orderId: this.orderId, destinationAddress: this.destinationAddress } });
      if (this.disposed || seq !== this.fetchSeq) return;
      this.apply(order);
    } catch (error) {
      if (this.disposed || seq !== this.fetchSeq) return;
      if (isApiError(error) && error.code === 'ERR_NOT_FOUND_E') {
        this.stop('addressIncorrect'); // §8
        return;
      }
      runInAction(() => {
        if (!this.order) this.status = 'loadFailed';
      });
    }
    this.schedule();
  }

  private apply(order: Order): void {
    if (this.disposed || this.status === 'addressIncorrect') return;
    // a late poll answer never rolls the page back behind a pushed event
    if (this.order && order.orderEvents.length < this.order.orderEvents.length) return;
    const shown = this.order?.orderDetails.offeredRate;
    const offer = order.orderDetails.offeredRate;
    if (shown && offer && shown.updatedAt !== offer.updatedAt && isRateChangedWarningOpen(order.orderEvents)) this.offerRenewed = true;
    this.order = order;
    this.scheduleOfferRefresh();
    this.status = 'ready';
    if (this.started) this.offerRedirect();
    if (this.started) this.reportCompletion();
    if (wantsRefundInfo(order)) void this.loadRefundInfo();
    if (!shouldKeepPolling(order.orderEvents)) this.stop();
  }

  /** §4: the order completed (its payout was sent) — reported once, as the visitor's kind once the session is known. */
  private reportCompletion(): void {
    const analytics = this.deps.analytics;
    const order = this.order;
    if (!analytics || this.completionReported || !order?.orderEvents.some((e) => e.kind === 'WITHDRAWAL_COMPLETED')) return;
    this.completionReported = true;
    const data = { orderId: order.orderId, from: order.pair.instrumentFrom.currencyTitle, to: order.pair.instrumentTo.currencyTitle, rateMode: order.rateMode };
    // seen is seen: a visitor who leaves before the session is known is still reported, when it is
    when(
      () => !analytics.session.isLoading,
      () => analytics.track(analytics.session.isAuthorised ? 'exchange_completed_registered' : 'exchange_completed_guest', data),
    );
  }

  /** Issue 23: when the offer shown expires, the order is read again: the server renews the offer it answers with. */
  private scheduleOfferRefresh(): void {
    if (this.offerTimer) clearTimeout(this.offerTimer);
    this.offerTimer = null;
    const expiresAt = this.order?.orderDetails.offeredRate?.expiresAt;
    if (!this.started || this.disposed || !expiresAt || !this.rateChangedWarningOpen) return;
    const left = Date.parse(expiresAt) - Date.now();
    // already past (a clock behind the server's, or a page left in the background): the regular poll reads it again
    if (left > 0) this.offerTimer = setTimeout(() => void this.fetch(), left + OFFER_REFRESH_MARGIN_MS);
  }

  private schedule(): void {
    const keep = !this.disposed && this.status !== 'addressIncorrect' && (!this.order || shouldKeepPolling(this.order.orderEvents));
    runInAction(() => (this.isPolling = keep));
    if (keep) this.timer = setTimeout(() => void this.fetch(), ORDER_POLL_INTERVAL_MS);
  }

  /** The catalogue, inactive instruments included (an order outlives its instrument's switch-off). */
  async loadInstruments(): Promise<void> {
    try {
      const list = await this.deps.api.instrumentsV2({ query: { all: 'true' } });
      if (!this.disposed) runInAction(() => (this.instruments = list));
    } catch (error) {
      console.warn('[mfe-order] instrument catalogue unavailable', error);
    }
  }

  /** §4: refund info is loaded for fixed-rate orders (and for orders on hold, issue 7); by id and destination address (issue 24). */
  async loadRefundInfo(): Promise<void> {
    try {
      const info = await this.deps.api.orderRefundInfo({ query: { orderId: this.orderId, destinationAddress: this.destinationAddress } });
      if (!this.disposed) runInAction(() => (this.refundInfo = info));
    } catch (error) {
      console.warn('[mfe-order] refund info unavailable', error);
    }
  }

  /**
   * Fixed-rate problem, first choice, or the only choice of an order on hold: refund net of the network
   * fee, to the order's refund address or, when it has none, to the address typed in the refund form
   * (§5 refund-address rules; the server validates it for the send currency and network).
   */
  async requestRefund(): Promise<void> {
    const order = this.order;
    if (!order || this.busyAction || isCardOrder(order)) return;
    const typed = this.needsRefundAddress ? this.typedRefundTarget(order) : null;
    if (this.needsRefundAddress && !typed) return;
    let info = this.refundInfo;
    if (!info) {
      await this.loadRefundInfo();
      info = this.refundInfo;
    }
    const refundAddress = typed?.address ?? order.refundAddress;
    if (!info || !refundAddress) {
      runInAction(() => (this.actionError = 'error_refund_unavailable'));
      return;
    }
    await this.runAction('refund', () =>
      this.deps.api.orderRequestRefund({
        body: {
          orderId: order.orderId,
          destinationAddress: this.destinationAddress,
          refundAddress,
          ...(typed?.memo ? { refundAddressMemo: typed.memo } : {}),
          refundAmount: info.refundAmountWithoutNetworkFee,
          claimedNetworkFee: info.networkFee,
        },
      }),
    );
  }

  /** §5: required, different from the destination; the memo only where the send network takes one. */
  private typedRefundTarget(order: Order): { address: string; memo?: string } | null {
    const address = this.refundAddressInput.trim();
    const error = !address ? 'error_refund_address_empty' : address === order.destinationAddress ? 'error_refund_address_must_be_different' : null;
    if (error) {
      runInAction(() => (this.actionError = error));
      return null;
    }
    const memo = this.refundTakesMemo ? this.refundMemoInput.trim() : '';
    return memo ? { address, memo } : { address };
  }

  /** Fixed-rate problem, second choice: continue at the new floating rate, exactly the offer shown (issue 23). */
  async acceptNewRate(): Promise<void> {
    const order = this.order;
    if (!order || this.busyAction) return;
    const offered = order.orderDetails.offeredRate;
    runInAction(() => (this.offerRenewed = false));
    await this.runAction('acceptRate', () =>
      this.deps.api.orderAcceptRateModeChange({
        body: {
          orderId: order.orderId,
          destinationAddress: this.destinationAddress,
          ...(offered ? { offeredAmountToGet: offered.amountToGet } : {}),
        },
      }),
    );
  }

  private async runAction(kind: OrderAction, call: () => Promise<Order>): Promise<void> {
    runInAction(() => {
      this.busyAction = kind;
      this.actionError = null;
    });
    try {
      const order = await call();
      if (order?.orderEvents) this.apply(order);
    } catch (error) {
      console.warn(`[mfe-order] ${kind} failed`, error);
      runInAction(() => (this.actionError = kind === 'refund' ? refundErrorKey(error) : acceptErrorKey(error)));
    } finally {
      runInAction(() => (this.busyAction = null));
    }
    // §4: the order is re-fetched after a refund request or after accepting a new rate.
    await this.fetch();
  }

  /**
   * Offer to email the link; a failure is the error_email_already_set notification for 3000 ms (§8). The order is
   * named by id and destination address (issue 24: the pair is the credential of every customer action).
   */
  async setEmail(email: string): Promise<boolean> {
    if (!this.order || this.busyAction) return false;
    runInAction(() => (this.busyAction = 'email'));
    try {
      const locale = this.deps.locale === 'ru' ? 'ru' : 'en';
      await this.deps.api.orderSetEmail({ body: { orderId: this.orderId, destinationAddress: this.destinationAddress, userEmail: email.trim(), locale } });
      runInAction(() => (this.emailSaved = true));
      return true;
    } catch {
      const t = this.deps.translate ?? ((k: string) => k);
      this.deps.notify?.({ type: 'error', message: t('error_email_already_set'), timeout: NOTIFICATION_SHORT_TIMEOUT_MS });
      return false;
    } finally {
      runInAction(() => (this.busyAction = null));
    }
  }

  stop(status?: OrderStatus): void {
    if (status) this.status = status;
    this.isPolling = false;
    this.clearTimer();
    if (this.offerTimer) clearTimeout(this.offerTimer);
    this.offerTimer = null;
    this.socket?.dispose();
    this.socket = null;
  }

  dispose(): void {
    this.disposed = true;
    this.fetchSeq++;
    this.stop();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
