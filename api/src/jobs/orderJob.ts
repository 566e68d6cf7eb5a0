// The order job: moves orders along their lifecycle on a timer (sandbox confirmations, execution, payouts,
// refunds). Every replica runs it; the compare-and-set transitions (and FOR UPDATE SKIP LOCKED picks)
// make sure an order is processed once. `kick()` runs a pass soon after a customer action. A pass falling due while
// a rate tick's WebSocket fan-out holds the process waits for its end (jobs/quiet.ts).
import { whenNotHeld } from './quiet';

export interface OrderJobOptions {
  processDue(): Promise<void>;
  intervalMs: number;
  log?: { error(obj: unknown, msg?: string): void };
  /** Issue 14 (job lag metric): seconds between a pass falling due (its timer, a kick) and its start. */
  onLag?: (seconds: number) => void;
}

export interface OrderJob {
  start(): void;
  kick(): void;
  stop(): Promise<void>;
  /** Resolves after the next complete pass (tests). */
  idle(): Promise<void>;
}

export function createOrderJob({ processDue, intervalMs, log, onLag }: OrderJobOptions): OrderJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let again = false;
  /** When the next pass fell due: the earliest of its timer and any kick since the last pass started. */
  let dueAt: number | undefined;
  /** A pass fell due while the process was held (jobs/quiet.ts) and waits for the hold's end. */
  let deferred = false;

  const schedule = (delay: number) => {
    if (!started || stopped) return;
    clearTimeout(timer);
    const at = Date.now() + delay;
    dueAt = dueAt === undefined ? at : Math.min(dueAt, at);
    timer = setTimeout(due, delay);
    timer.unref();
  };
  const due = () => {
    if (deferred) return;
    deferred = true;
    whenNotHeld(() => {
      deferred = false;
      run();
    });
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (dueAt !== undefined) onLag?.(Math.max(0, Date.now() - dueAt) / 1000);
    dueAt = undefined;
    running = processDue()
      .catch((err) => log?.error({ err }, 'order job pass failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule(0);
        } else schedule(intervalMs);
      });
  };

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    kick() {
      if (started && !stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async idle() {
      await running;
    },
  };
}
