// A constant-rate (open-model) load generator. Request i is due at t0 + i/rate whatever happened to the ones
// before it: a slow answer does not delay the next request (autocannon's overallRate is a per-second budget each
// connection spends as fast as it can, so its load comes in bursts and its latency starts when a connection is
// free, which hides queueing — "coordinated omission"). Latency here is counted from the moment a request was
// due, so a server that falls behind shows it.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface OpenLoopResult {
  rate: number;
  durationS: number;
  sent: number;
  ok: number;
  /** Non-2xx answers by status. */
  statuses: Record<number, number>;
  /** Network errors / timeouts by message. */
  errors: Record<string, number>;
  /** Latency from due time to the last byte of the answer, ms, sorted. */
  latencies: number[];
  /** How late the generator itself sent requests (its own lag), ms: p99. */
  sendLagP99: number;
  /** Achieved send rate, requests per second. */
  achievedRate: number;
  /** Example bodies of failed answers (first few). */
  failures: string[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function openLoop(opts: {
  origin: string;
  rate: number;
  durationS: number;
  request: (i: number) => OpenLoopRequest;
  /** Called with each 2xx body (e.g. to collect created ids). */
  onOk?: (body: string, i: number) => void;
  connections?: number;
  timeoutMs?: number;
}): Promise<OpenLoopResult> {
  const pool = new Pool(opts.origin, {
    connections: opts.connections ?? 256,
    pipelining: 1,
    headersTimeout: opts.timeoutMs ?? 10_000,
    bodyTimeout: opts.timeoutMs ?? 10_000,
  });
  const total = Math.round(opts.rate * opts.durationS);
  const latencies: number[] = [];
  const lags: number[] = [];
  const statuses: Record<number, number> = {};
  const errors: Record<string, number> = {};
  const failures: string[] = [];
  let ok = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();

  const fire = (i: number, due: number) => {
    const r = opts.request(i);
    lags.push(performance.now() - due);
    const p = (async () => {
      try {
        const res = await pool.request({ method: r.method, path: r.path, body: r.body, headers: r.headers });
        const text = await res.body.text();
        const latency = performance.now() - due;
        if (res.statusCode >= 200 && res.statusCode < 300) {
          ok++;
          latencies.push(latency);
          opts.onOk?.(text, i);
        } else {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (failures.length < 5) failures.push(`${res.statusCode} ${text.slice(0, 200)}`);
        }
      } catch (err) {
        const msg = (err as Error).message ?? String(err);
        errors[msg] = (errors[msg] ?? 0) + 1;
      }
    })();
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const t0 = performance.now() + 5;
  const intervalMs = 1000 / opts.rate;
  await new Promise<void>((resolve) => {
    const step = () => {
      const now = performance.now();
      // everything due by now goes out now, each keeping its own due time
      while (sent < total && t0 + sent * intervalMs <= now) {
        fire(sent, t0 + sent * intervalMs);
        sent++;
      }
      if (sent >= total) return resolve();
      const wait = Math.max(0, t0 + sent * intervalMs - performance.now());
      setTimeout(step, wait > 2 ? wait - 1 : 0);
    };
    step();
  });
  const sendSpan = (performance.now() - t0) / 1000;
  await Promise.all([...inFlight]);
  await pool.close();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    rate: opts.rate,
    durationS: opts.durationS,
    sent,
    ok,
    statuses,
    errors,
    latencies,
    sendLagP99: percentile(lags, 99),
    achievedRate: sent / Math.max(sendSpan, 1e-9),
    failures,
  };
}
