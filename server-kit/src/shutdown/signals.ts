// SIGTERM/SIGINT → one graceful shutdown with a deadline (SHUTDOWN_TIMEOUT_MS, issue 14): exit 0 when everything
// accepted is finished and closed, exit 1 with a log line when the deadline passes first. A second signal does not
// start a second drain.
interface ShutdownLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ShutdownOnSignalsOptions {
  close(): Promise<void>;
  timeoutMs: number;
  log: ShutdownLogger;
  /** what the drain finishes, for its first log line (default: accepted requests) */
  finishing?: string;
  signals?: readonly NodeJS.Signals[];
  exit?: (code: number) => void;
}

export function shutdownOnSignals({
  close,
  timeoutMs,
  log,
  finishing = 'accepted requests',
  signals = ['SIGTERM', 'SIGINT'],
  exit = (code) => process.exit(code),
}: ShutdownOnSignalsOptions): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ signal, timeoutMs }, `${signal}: draining (finishing ${finishing})`);
    const deadline = setTimeout(() => {
      log.error({ signal, timeoutMs }, `shutdown deadline of ${timeoutMs} ms passed with work unfinished; exiting with 1`);
      exit(1);
    }, timeoutMs);
    deadline.unref();
    close().then(
      () => {
        clearTimeout(deadline);
        log.info({ signal, ms: Date.now() - started }, 'shutdown complete');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        log.error({ err, signal }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, () => shutdown(signal));
}
