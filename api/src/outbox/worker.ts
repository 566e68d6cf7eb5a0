// The in-process worker: polls outbox_messages for due rows and delivers them one by one (PGlite's only worker; on
// PostgreSQL the slow backstop beside pg-boss, for rows whose pg-boss job was lost between a failure and its retry).
// Survives restarts because the table is the queue: a row claimed by a process that died goes again after its lease.
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

  async function pass(): Promise<void> {
    for (;;) {
      const ids = await store.due(opts.batch ?? 20);
      for (const id of ids) {
        if (stopped) return;
        const result = await store.deliverOne(id);
        await opts.onOutcome?.(id, result);
      }
      if (ids.length < (opts.batch ?? 20)) return;
    }
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
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(run);
        } else {
          timer = setTimeout(run, opts.intervalMs);
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
