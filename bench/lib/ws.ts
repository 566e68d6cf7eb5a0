// WebSocket subscribers in child processes (ws-clients.mjs) and the tick → last subscriber's frame figure.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './openLoop';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WS_P99_TARGET_MS = 100;

interface TickStat {
  max: number;
  n: number;
}
interface ChildReport {
  type: 'report';
  ticks: Record<string, TickStat>;
  frames: number;
  errorFrames: number;
  errorMessages: Record<string, number>;
  closes: number;
  open: number;
}

/** Ten amounts of btc→eth: ten pair groups, each quoted and serialised once per tick (ws/index.ts). */
export function subscriptionRequests(groups = 10): Record<string, string>[] {
  return Array.from({ length: groups }, (_, i) => ({
    instrumentFromSlug: 'btc',
    instrumentToSlug: 'eth',
    claimedDepositAmount: (0.1 * (i + 1)).toFixed(1),
  }));
}

export class WsFleet {
  private readonly children: ChildProcess[] = [];

  private constructor(readonly total: number) {}

  /** `total` sockets over `processes` children, each subscribed to one of `requests` (round robin). */
  static async connect(opts: { wsUrl: string; total: number; processes: number; requests: Record<string, string>[] }): Promise<{
    fleet: WsFleet;
    open: number;
    failed: number;
    errors: Record<string, number>;
    seconds: number;
  }> {
    const fleet = new WsFleet(opts.total);
    const t0 = Date.now();
    const per = Math.ceil(opts.total / opts.processes);
    const results = await Promise.all(
      Array.from({ length: opts.processes }, (_, k) => {
        const count = Math.min(per, opts.total - k * per);
        const child = fork(path.join(here, '..', 'ws-clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
        fleet.children.push(child);
        return new Promise<{ open: number; failed: number; errors: Record<string, number> }>((resolve, reject) => {
          child.once('exit', (code) => reject(new Error(`ws client process exited (${code})`)));
          child.on('message', (m: { type: string; open: number; failed: number; errors: Record<string, number> }) => {
            if (m.type === 'connected') resolve(m);
          });
          child.send({ cmd: 'connect', url: opts.wsUrl, count, requests: opts.requests, concurrency: 50 });
        });
      }),
    );
    const errors: Record<string, number> = {};
    for (const r of results) for (const [k, v] of Object.entries(r.errors)) errors[k] = (errors[k] ?? 0) + v;
    return {
      fleet,
      open: results.reduce((s, r) => s + r.open, 0),
      failed: results.reduce((s, r) => s + r.failed, 0),
      errors,
      seconds: (Date.now() - t0) / 1000,
    };
  }

  record(): void {
    for (const c of this.children) c.send({ cmd: 'record' });
  }

  async report(): Promise<ChildReport[]> {
    return Promise.all(
      this.children.map(
        (c) =>
          new Promise<ChildReport>((resolve) => {
            const on = (m: ChildReport) => {
              if (m.type !== 'report') return;
              c.off('message', on);
              resolve(m);
            };
            c.on('message', on);
            c.send({ cmd: 'report' });
          }),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.removeAllListeners('exit');
            c.once('exit', () => resolve());
            c.send({ cmd: 'close' });
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  }
}

export interface FanOutFigures {
  subscribers: number;
  ticks: number;
  /** Ticks where some subscriber got no frame. */
  incompleteTicks: number;
  p50: number;
  p99: number;
  max: number;
  frames: number;
  errorFrames: number;
  errorMessages: Record<string, number>;
  closes: number;
  open: number;
}

/** Per tick: the latest subscriber's latency (max over all processes); first and last tick dropped (partial). */
export function fanOutFigures(reports: ChildReport[], subscribers: number): FanOutFigures {
  const merged = new Map<string, TickStat>();
  for (const r of reports) {
    for (const [at, t] of Object.entries(r.ticks)) {
      const m = merged.get(at);
      if (m) {
        m.n += t.n;
        m.max = Math.max(m.max, t.max);
      } else merged.set(at, { ...t });
    }
  }
  const ordered = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).slice(1, -1);
  const lasts = ordered.map(([, t]) => t.max).sort((a, b) => a - b);
  const errorMessages: Record<string, number> = {};
  for (const r of reports) for (const [k, v] of Object.entries(r.errorMessages)) errorMessages[k] = (errorMessages[k] ?? 0) + v;
  return {
    subscribers,
    ticks: ordered.length,
    incompleteTicks: ordered.filter(([, t]) => t.n < subscribers).length,
    p50: percentile(lasts, 50),
    p99: percentile(lasts, 99),
    max: lasts.at(-1) ?? Number.NaN,
    frames: reports.reduce((s, r) => s + r.frames, 0),
    errorFrames: reports.reduce((s, r) => s + r.errorFrames, 0),
    errorMessages,
    closes: reports.reduce((s, r) => s + r.closes, 0),
    open: reports.reduce((s, r) => s + r.open, 0),
  };
}

export function printFanOut(f: FanOutFigures): void {
  console.log(
    `  ${f.ticks} ticks, ${f.subscribers} subscribers (${f.open} still open at the end): time from the tick to the LAST subscriber's frame p50 ${f.p50} ms · p99 ${f.p99} ms · max ${f.max} ms`,
  );
  console.log(`  frames ${f.frames} · error frames ${f.errorFrames} · closed while recording ${f.closes} · ticks some subscriber missed ${f.incompleteTicks}`);
  for (const [msg, n] of Object.entries(f.errorMessages)) console.log(`    error frame ×${n}: ${msg}`);
}
