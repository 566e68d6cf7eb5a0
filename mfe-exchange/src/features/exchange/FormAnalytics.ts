// §4 analytics of the exchange form: exchange_parameters_changed and exchange_abandoned (exchange_initiated is the
// details store's, at the create click). One state machine per form:
//   untouched → (the visitor changes pair, amount or rate mode) → changed → (order created) → ordered
//                                                                        → (leaves the form: unmount or pagehide) → abandoned
// Only the visitor's own changes count (the form store calls `changed` from its input actions, never from a load or
// a route's pair). exchange_parameters_changed is debounced: a burst of typing is one event, naming what changed;
// one still pending goes out before exchange_initiated's order or exchange_abandoned. exchange_abandoned is sent
// once, and never after an order was created from this form.
import type { AnalyticsEvent, RateMode } from 'shared-contracts';

type FormParameter = 'pair' | 'amount' | 'rate_mode';
type FormAnalyticsState = 'untouched' | 'changed' | 'ordered' | 'abandoned';

/** Quiet time after the last change before exchange_parameters_changed goes. */
export const PARAMETERS_CHANGED_DEBOUNCE_MS = 1000;

interface FormAnalyticsDeps {
  track(event: AnalyticsEvent, data?: Record<string, unknown>): void;
  /** What the form holds now (sent with the events; no amounts, no addresses). */
  snapshot(): { from?: string; to?: string; rateMode: RateMode };
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

export class FormAnalytics {
  private state: FormAnalyticsState = 'untouched';
  private pending = new Set<FormParameter>();
  private timer: unknown = null;
  private readonly setTimer: NonNullable<FormAnalyticsDeps['setTimer']>;
  private readonly clearTimer: NonNullable<FormAnalyticsDeps['clearTimer']>;

  constructor(private readonly deps: FormAnalyticsDeps) {
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  /** The visitor changed a parameter of the exchange. */
  changed(what: FormParameter): void {
    if (this.state === 'abandoned') return;
    if (this.state === 'untouched') this.state = 'changed';
    this.pending.add(what);
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.flush(), PARAMETERS_CHANGED_DEBOUNCE_MS);
  }

  /** An order was created from this form: leaving now is not abandoning. */
  orderCreated(): void {
    this.flush();
    this.state = 'ordered';
  }

  /** The visitor leaves the form (navigation, closing the page): exchange_abandoned if they changed it and ordered nothing. */
  leave(): void {
    this.flush();
    if (this.state !== 'changed') return;
    this.state = 'abandoned';
    this.deps.track('exchange_abandoned', { ...this.deps.snapshot() });
  }

  /** Sends the pending exchange_parameters_changed now, if any. */
  private flush(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const changed = [...this.pending].sort().join(',');
    this.pending.clear();
    this.deps.track('exchange_parameters_changed', { changed, ...this.deps.snapshot() });
  }
}
