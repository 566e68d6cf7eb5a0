// §4 analytics events, owned by the shell (DESIGN: the shell owns "analytics and UTM"). Every event goes out with
// user_type (guest or registered, from the session) to every sink: the page's dataLayer (a tag manager reads it) and
// the first-party sink (firstPartySink.ts: batched to POST /api/v1/analytics/events). Remotes send theirs through
// `host.analytics.track`. Two rules live here so that no remote has to know them:
//   - test_event: once per browser session, when the pipeline starts (after the session's first load, so that
//     user_type is right) — an operator sees the pipeline work end to end;
//   - exchange_completed_guest / exchange_completed_registered: once per order per browser (the order ids already
//     reported are remembered in local storage; the order page may be opened again, or in two tabs).
import type { AnalyticsEvent } from 'shared-contracts';
import type { KeyValueStorage } from '../stores/env';

export interface AnalyticsPayload {
  event: AnalyticsEvent;
  /** §4: every event says whether the visitor is a guest or registered. */
  user_type: 'guest' | 'registered';
  [key: string]: unknown;
}

export type AnalyticsSink = (payload: AnalyticsPayload) => void;

/** Where test_event is remembered as sent for this browser session. */
export const TEST_EVENT_SENT_KEY = 'analytics_test_event_sent';
/** The order ids whose completion this browser reported. */
export const COMPLETED_ORDERS_KEY = 'analytics_completed_orders';
const COMPLETED_ORDERS_LIMIT = 200;
const ONCE_PER_ORDER: ReadonlySet<AnalyticsEvent> = new Set(['exchange_completed_guest', 'exchange_completed_registered']);

interface AnalyticsServiceOptions {
  /** Session storage: test_event once per browser session (absent: once per service). */
  sessionStorage?: KeyValueStorage;
  /** Local storage: completions once per order per browser (absent: once per service). */
  localStorage?: KeyValueStorage;
  /**
   * Issue 24: the visitor consented to analytics (absent: always). Without it no event reaches a sink and nothing is
   * stored; test_event waits for `consentGiven()`.
   */
  allowed?: () => boolean;
}

/** §4 analytics events through one or more sinks (the dataLayer and the first-party sink in the browser, a list in tests). */
export class AnalyticsService {
  private readonly sinks: readonly AnalyticsSink[];
  private readonly memory = new Map<string, string>();
  private readonly leaveHooks = new Set<() => void>();
  private started = false;
  private startRequested = false;

  constructor(
    sink: AnalyticsSink | readonly AnalyticsSink[],
    private readonly userType: () => 'guest' | 'registered',
    private readonly options: AnalyticsServiceOptions = {},
  ) {
    this.sinks = typeof sink === 'function' ? [sink] : sink;
  }

  track(event: AnalyticsEvent, data: Record<string, unknown> = {}): void {
    if (!this.isAllowed()) return;
    if (ONCE_PER_ORDER.has(event) && !this.firstCompletion(data.orderId)) return;
    const payload: AnalyticsPayload = { ...data, event, user_type: this.userType() };
    for (const sink of this.sinks) {
      try {
        sink(payload);
      } catch (error) {
        console.warn('analytics sink failed', error);
      }
    }
  }

  /** The pipeline is up (call once the session's first load is done): test_event, once per browser session. */
  start(): void {
    if (this.started) return;
    this.startRequested = true;
    if (!this.isAllowed()) return;
    this.started = true;
    if (this.read('session', TEST_EVENT_SENT_KEY)) return;
    this.write('session', TEST_EVENT_SENT_KEY, '1');
    this.track('test_event');
  }

  /** Issue 24: consent was given: the pipeline starts now if it was asked to start before. */
  consentGiven(): void {
    if (this.startRequested) this.start();
  }

  private isAllowed(): boolean {
    return this.options.allowed ? this.options.allowed() : true;
  }

  /** Runs `hook` when the page goes away (pagehide), before the sinks send what they hold. Returns the unsubscribe. */
  onLeave(hook: () => void): () => void {
    this.leaveHooks.add(hook);
    return () => this.leaveHooks.delete(hook);
  }

  /** The page is going away: the leave hooks report what they must (e.g. registration_abandoned). */
  leavePage(): void {
    for (const hook of [...this.leaveHooks]) {
      try {
        hook();
      } catch (error) {
        console.warn('analytics leave hook failed', error);
      }
    }
  }

  /** True the first time this browser reports the completion of `orderId` (a completion without an id is reported). */
  private firstCompletion(orderId: unknown): boolean {
    if (typeof orderId !== 'string' || !orderId) return true;
    let seen: string[] = [];
    try {
      const parsed = JSON.parse(this.read('local', COMPLETED_ORDERS_KEY) ?? '[]') as unknown;
      if (Array.isArray(parsed)) seen = parsed.filter((v): v is string => typeof v === 'string');
    } catch {
      /* broken value: start again */
    }
    if (seen.includes(orderId)) return false;
    this.write('local', COMPLETED_ORDERS_KEY, JSON.stringify([...seen, orderId].slice(-COMPLETED_ORDERS_LIMIT)));
    return true;
  }

  private storage(kind: 'session' | 'local'): KeyValueStorage | undefined {
    return kind === 'session' ? this.options.sessionStorage : this.options.localStorage;
  }

  private read(kind: 'session' | 'local', key: string): string | null {
    try {
      const storage = this.storage(kind);
      if (storage) return storage.getItem(key);
    } catch {
      /* blocked storage: remembered for this page only */
    }
    return this.memory.get(`${kind}:${key}`) ?? null;
  }

  private write(kind: 'session' | 'local', key: string, value: string): void {
    this.memory.set(`${kind}:${key}`, value);
    try {
      this.storage(kind)?.setItem(key, value);
    } catch {
      /* blocked or full storage */
    }
  }
}

/**
 * The browser sink: pushes to `window.dataLayer` (created when absent) and tells listeners through an event. A tag
 * manager reads the dataLayer and may send it to a third party, so the order id stays out (issue 24: order ids never
 * leave the site; the first-party sink keeps it, and the api's forwarder drops it).
 */
export function dataLayerSink(): AnalyticsSink {
  return ({ orderId: _orderId, ...payload }) => {
    const w = window as unknown as { dataLayer?: unknown[] };
    (w.dataLayer ??= []).push(payload);
    window.dispatchEvent(new CustomEvent('shell:analytics', { detail: payload }));
  };
}
