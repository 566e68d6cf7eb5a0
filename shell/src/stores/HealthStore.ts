import { action, makeObservable, observable, runInAction } from 'mobx';
import { HEALTH_CHECK, type Health, type HealthStatus } from 'shared-contracts';
import type { Clock } from './env';

export interface HealthStoreDeps {
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** GET /api/v1/health */
  fetchHealth(): Promise<Health>;
  /**
   * Internet reachability, asked of something other than our api (reachability.ts: navigator.onLine and the
   * configured REACHABILITY_URL), so a visitor who is offline is told apart from our service being down.
   */
  isReachable(): Promise<boolean>;
  checkOnStart?: boolean;
}

/** delay before retry number `attempt` (0-based): 5 s × 1.5^attempt, capped at 30 s */
export function healthRetryDelay(attempt: number): number {
  return Math.min(HEALTH_CHECK.initialDelayMs * HEALTH_CHECK.multiplier ** attempt, HEALTH_CHECK.maxDelayMs);
}

/**
 * Why the health check could not be answered, past its failure threshold: the visitor is offline, or the internet is
 * there and our service does not answer. null: the api answered (its status says the rest).
 */
export type HealthOutage = 'offline' | 'service-down';

export interface HealthSnapshot {
  enabled: boolean;
  status: HealthStatus | null;
  sandbox: boolean;
}

/**
 * §4 health: OK enables the app; TECHNICAL_DIFFICULTIES disables it; UNHEALTHY disables it and retries.
 * A failed check is retried with backoff (a single failure changes nothing on screen); past the failure threshold the
 * internet-reachability check decides what the app shows: disabled either way, as "you are offline" when the
 * internet cannot be reached, as "our service is down" when it can; retries go on until the api answers.
 */
export class HealthStore {
  enabled = true;
  status: HealthStatus | null = null;
  outage: HealthOutage | null = null;
  sandbox = false;
  failures = 0;
  checking = false;
  private retryAttempt = 0;
  private retryTimer: unknown;
  private disposed = false;

  constructor(private readonly deps: HealthStoreDeps) {
    makeObservable<HealthStore, 'scheduleRetry'>(this, {
      enabled: observable,
      status: observable,
      outage: observable,
      sandbox: observable,
      failures: observable,
      checking: observable,
      check: action,
      restore: action,
      scheduleRetry: action,
      dispose: action,
    });
  }

  /** What a server render saw (§4 health), so the hydrating page starts from the same state. */
  get snapshot(): HealthSnapshot {
    return { enabled: this.enabled, status: this.status, sandbox: this.sandbox };
  }

  restore(snapshot: HealthSnapshot): void {
    this.enabled = snapshot.enabled;
    this.status = snapshot.status;
    this.sandbox = snapshot.sandbox;
  }

  /**
   * The first check. A server-rendered page passes the promise of its hydration: the check is asked only once the
   * page is live, so hydration renders exactly what the server saw. An answer arriving during hydration that differs
   * from the server's (the sandbox badge, when the server's render could not wait for the health answer) made React
   * discard the server's HTML and render the whole page again in the browser.
   */
  start(hydrated?: Promise<void>): Promise<void> {
    if (this.deps.checkOnStart === false) return Promise.resolve();
    return hydrated ? hydrated.then(() => this.check()) : this.check();
  }

  async check(): Promise<void> {
    this.checking = true;
    try {
      const health = await this.deps.fetchHealth();
      runInAction(() => {
        this.checking = false;
        this.failures = 0;
        this.outage = null;
        this.status = health.status;
        this.sandbox = Object.values(health.sandbox ?? {}).some(Boolean);
        if (health.status === 'OK') {
          this.enabled = true;
          this.retryAttempt = 0;
        } else if (health.status === 'TECHNICAL_DIFFICULTIES') {
          this.enabled = false;
        } else {
          this.enabled = false;
          this.scheduleRetry();
        }
      });
    } catch {
      runInAction(() => {
        this.checking = false;
        this.failures += 1;
      });
      if (this.failures <= HEALTH_CHECK.failureThreshold) {
        this.scheduleRetry();
        return;
      }
      let reachable = false;
      try {
        reachable = await this.deps.isReachable();
      } catch {
        reachable = false;
      }
      runInAction(() => {
        this.enabled = false;
        this.outage = reachable ? 'service-down' : 'offline';
      });
      this.scheduleRetry();
    }
  }

  private scheduleRetry() {
    if (this.disposed) return;
    if (this.retryTimer !== undefined) this.deps.clock.clearTimeout(this.retryTimer);
    const delay = healthRetryDelay(this.retryAttempt);
    this.retryAttempt += 1;
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = undefined;
      void this.check();
    }, delay);
  }

  dispose() {
    this.disposed = true;
    if (this.retryTimer !== undefined) this.deps.clock.clearTimeout(this.retryTimer);
  }
}
