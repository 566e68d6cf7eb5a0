// Issue 27 (WebSocket fan-out): background passes hold back while a latency-critical burst runs on this thread.
// A rate tick's fan-out writes 10,000 sockets in slices with a turn of the event loop between them, so that HTTP
// requests and pongs wait at most one slice; but a timer of the order, KYC, webhook or affiliate jobs falling due
// in such a turn ran a whole pass there (1–60 ms of PGlite work on this thread) and the tick's last subscribers waited
// for it. While a burst holds the process, createOrderJob's passes wait for its end (at most MAX_HOLD_MS, so no job
// ever starves), then run as they would have.
const MAX_HOLD_MS = 1000;

let holds = 0;
let waiting: (() => void)[] = [];

/** Holds background passes back until the returned release is called (idempotent). Holds nest. */
export function holdBackgroundWork(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds > 0 || waiting.length === 0) return;
    const due = waiting;
    waiting = [];
    // After the burst's own continuation, never inside it; if another burst took the process meanwhile, they wait on.
    setImmediate(() => {
      if (holds > 0) waiting.push(...due);
      else for (const run of due) run();
    });
  };
}

/** Runs `fn` now when nothing holds the process, else once the last hold is released or `maxWaitMs` passed. */
export function whenNotHeld(fn: () => void, maxWaitMs = MAX_HOLD_MS): void {
  if (holds === 0) {
    fn();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting = waiting.filter((w) => w !== once);
    fn();
  };
  const timer = setTimeout(once, maxWaitMs);
  timer.unref();
  waiting.push(once);
}
