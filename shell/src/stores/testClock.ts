import type { Clock } from './env';

/** A manual clock for store tests (no jest fake timers needed, though they work too). */
export class TestClock implements Clock {
  time = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers.delete(id as number);
  };
  setInterval = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn, every: ms });
    return id;
  };
  clearInterval = (id: unknown) => {
    this.timers.delete(id as number);
  };
  get pending() {
    return this.timers.size;
  }
  /** next due delay from now, or undefined */
  get nextDelay(): number | undefined {
    const ats = [...this.timers.values()].map((t) => t.at);
    return ats.length ? Math.min(...ats) - this.time : undefined;
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, t] = due;
      this.time = t.at;
      if (t.every) t.at += t.every;
      else this.timers.delete(id);
      t.fn();
    }
    this.time = end;
  }
}
