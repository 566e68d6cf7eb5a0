// A circuit breaker per remote: after `failureThreshold` failed or late server renders in a row the remote's
// pages are sent client-rendered for `coolDownMs`; then one request tries again (half-open) and its outcome
// closes the breaker or opens it for another cool-down.
export interface BreakerOptions {
  failureThreshold: number;
  coolDownMs: number;
  now: () => number;
}

export class CircuitBreaker {
  private failures = 0;
  private openUntil: number | null = null;
  private trialInFlight = false;

  constructor(private readonly options: BreakerOptions) {}

  /** Whether a server render may be tried now; in the half-open state only one caller gets `true`. */
  allows(): boolean {
    if (this.openUntil === null) return true;
    if (this.options.now() < this.openUntil || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.openUntil = null;
    this.trialInFlight = false;
  }

  /** Returns true when this failure opened the breaker. */
  failed(): boolean {
    this.failures += 1;
    if (this.trialInFlight || this.failures >= this.options.failureThreshold) {
      this.trialInFlight = false;
      this.openUntil = this.options.now() + this.options.coolDownMs;
      return true;
    }
    return false;
  }
}
