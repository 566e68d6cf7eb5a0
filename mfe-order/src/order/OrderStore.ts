// The order page state machine (spec §2 order page, §4 order events, §8):
//   pending                     /order/pending: nothing to fetch
//   addressIncorrect            missing id or destinationAddress, or ERR_NOT_FOUND_E: polling stops
//   loading → ready | loadFailed  then polled every 5 s (and pushed over the WebSocket) until step ≥ 3
// Actions: request refund / accept the new rate (each followed by a re-fetch), email the link.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  NOTIFICATION_SHORT_TIMEOUT_MS,
  ORDER_POLL_INTERVAL_MS,
  isApiError,
  type ApiClient,
  type HostServices,
  type Order,
  type RefundInfo,
} from 'shared-contracts';
import {
  displayedOrderState,
  isRateChangedWarningOpen,
  isRateWarningShown,
  latestProblemEvent,
  progressStepIndex,
  shouldKeepPolling,
  type DisplayedState,
} from './orderProgress';
import { OrderSocket, type SocketFactory } from './OrderSocket';

export type OrderApi = Pick<ApiClient, 'orderPublicInfo' | 'orderRefundInfo' | 'orderRequestRefund' | 'orderAcceptRateModeChange' | 'orderSetEmail'>;

export type OrderStatus = 'pending' | 'addressIncorrect' | 'loading' | 'ready' | 'loadFailed';
export type OrderAction = 'refund' | 'acceptRate' | 'email';

export interface OrderStoreDeps {
  api: OrderApi;
  orderId: string | undefined;
  destinationAddress: string | null | undefined;
  notify?: HostServices['notify'];
  /** Translates text keys for notifications. */
  translate?: (key: string) => string;
  wsUrl?: string;
  createSocket?: SocketFactory;
}

export class OrderStore {
  status: OrderStatus;
  order: Order | null = null;
  refundInfo: RefundInfo | null = null;
  busyAction: OrderAction | null = null;
  actionError: string | null = null;
  emailSaved = false;
  isPolling = false;

  readonly orderId: string;
  readonly destinationAddress: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private socket: OrderSocket | null = null;
  private disposed = false;
  private fetchSeq = 0;

  constructor(private readonly deps: OrderStoreDeps) {
    this.orderId = deps.orderId ?? '';
    this.destinationAddress = deps.destinationAddress?.trim() ?? '';
    this.status = this.orderId === 'pending' ? 'pending' : !this.orderId || !this.destinationAddress ? 'addressIncorrect' : 'loading';
    makeObservable<OrderStore, 'apply'>(this, {
      status: observable,
      order: observableRef,
      refundInfo: observableRef,
      busyAction: observable,
      actionError: observable,
      emailSaved: observable,
      isPolling: observable,
      stepIndex: computed,
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

  /** First fetch, polling and the live subscription. */
  start(): void {
    if (this.status !== 'loading') return; // pending or address incorrect: no polling (§2)
    void this.fetch();
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
    this.order = order;
    this.status = 'ready';
    if (order.rateMode === 'FIXED' && shouldKeepPolling(order.orderEvents)) void this.loadRefundInfo();
    if (!shouldKeepPolling(order.orderEvents)) this.stop();
  }

  private schedule(): void {
    const keep = !this.disposed && this.status !== 'addressIncorrect' && (!this.order || shouldKeepPolling(this.order.orderEvents));
    runInAction(() => (this.isPolling = keep));
    if (keep) this.timer = setTimeout(() => void this.fetch(), ORDER_POLL_INTERVAL_MS);
  }

  /** §4: refund info is loaded for fixed-rate orders. */
  async loadRefundInfo(): Promise<void> {
    try {
      const info = await this.deps.api.orderRefundInfo({ query: { orderId: this.orderId } });
      if (!this.disposed) runInAction(() => (this.refundInfo = info));
    } catch (error) {
      console.warn('[mfe-order] refund info unavailable', error);
    }
  }

  /** Fixed-rate problem, first choice: refund to the refund address, net of the network fee. */
  async requestRefund(): Promise<void> {
    const order = this.order;
    if (!order || this.busyAction) return;
    let info = this.refundInfo;
    if (!info) {
      await this.loadRefundInfo();
      info = this.refundInfo;
    }
    if (!info || !order.refundAddress) {
      runInAction(() => (this.actionError = 'error_refund_unavailable'));
      return;
    }
    await this.runAction('refund', () =>
      this.deps.api.orderRequestRefund({
        body: {
          orderId: order.orderId,
          destinationAddress: this.destinationAddress,
          refundAddress: order.refundAddress!,
          refundAmount: info.refundAmountWithoutNetworkFee,
          claimedNetworkFee: info.networkFee,
        },
      }),
    );
  }

  /** Fixed-rate problem, second choice: continue at the new floating rate. */
  async acceptNewRate(): Promise<void> {
    const order = this.order;
    if (!order || this.busyAction) return;
    await this.runAction('acceptRate', () => this.deps.api.orderAcceptRateModeChange({ body: { orderId: order.orderId, destinationAddress: this.destinationAddress } }));
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
      runInAction(() => (this.actionError = kind === 'refund' ? 'error_refund_failed' : 'error_accept_rate_failed'));
    } finally {
      runInAction(() => (this.busyAction = null));
    }
    // §4: the order is re-fetched after a refund request or after accepting a new rate.
    await this.fetch();
  }

  /** Offer to email the link; a failure is the error_email_already_set notification for 3000 ms (§8). */
  async setEmail(email: string): Promise<boolean> {
    if (!this.order || this.busyAction) return false;
    runInAction(() => (this.busyAction = 'email'));
    try {
      await this.deps.api.orderSetEmail({ body: { orderId: this.orderId, userEmail: email.trim() } });
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
