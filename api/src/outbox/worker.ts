// The in-process worker: polls outbox_messages for due rows and delivers them one by one (PGlite's only worker; on
// PostgreSQL the slow backstop beside pg-boss, for rows whose pg-boss job was lost between a failure and its retry).
// Survives restarts because the table is the queue: a row claimed by a process that died goes again after its lease.
import { whenNotHeld } from '../jobs/quiet';
import type { OutboxStore } from './store';
import type { OutboxWorker } from './types';

export interface PollingWorkerOptions {
  intervalMs: number;
  batch?: number;
  log: { warn(obj: object, msg: string): void };
  /** Called with the outcome of each row (pg-boss re-schedules retries through it). */
  onOutcome?: (id: number, outcome: Awaited<ReturnType<OutboxStore['deliverOne']>>) => Promise<void> | void;
}

export function createPollingWorker(store: OutboxStore, opts: PollingWorkerOptions): OutboxWorker & { pass(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let again = false;

  /** Due rows, lanes in parallel (a slow webhook receiver does not hold mail up), each lane in id order. */
  async function pass(): Promise<void> {
    for (;;) {
      const due = await store.due(opts.batch ?? 20);
      const lanes = new Map<string, number[]>();
      for (const { id, lane } of due) lanes.set(lane, [...(lanes.get(lane) ?? []), id]);
      await Promise.all(
        [...lanes.values()].map(async (ids) => {
          for (const id of ids) {
            if (stopped) return;
            const result = await store.deliverOne(id);
            await opts.onOutcome?.(id, result);
          }
        }),
      );
      if (due.length < (opts.batch ?? 20) || stopped) return;
    }
  }

  /** The wait before the next pass: the poll interval, or less when a retry comes due sooner. */
  async function nextWaitMs(): Promise<number> {
    const at = await store.nextDueAt().catch(() => null);
    const until = at ? at.getTime() - Date.now() + 5 : opts.intervalMs;
    return Math.max(10, Math.min(opts.intervalMs, until));
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass()
      .catch((err: unknown) => opts.log.warn({ err }, 'outbox pass failed'))
      .then(async () => (again || stopped ? 0 : nextWaitMs()))
      .then((waitMs) => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(run);
        } else {
          // A poll falling due during a rate tick's WebSocket fan-out waits for its end (jobs/quiet.ts).
          timer = setTimeout(() => whenNotHeld(run), waitMs);
          timer.unref();
        }
      });
  }

  return {
    pass,
    async start() {
      if (!stopped) return;
      stopped = false;
      run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    notify() {
      if (!stopped) run();
    },
  };
}
