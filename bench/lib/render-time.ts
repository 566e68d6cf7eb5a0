// Server response time of a web page: a fixed number of GETs with a fixed number in flight (Node's fetch, one
// keep-alive connection per worker, Accept-Encoding as a browser sends it), each timed from request to the last
// byte; p50/p95 against the 50 ms target. Whatever web does for `/` at the time is what this measures.
export const TARGET_P95_MS = 50;

export interface RenderTimes {
  url: string;
  concurrency: number;
  requests: number;
  warmUp: number;
  statuses: Record<string, number>;
  errors: number;
  htmlBytes: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  wallMs: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function pool(url: string, total: number, concurrency: number, onDone: (ms: number, status: number | 'error', bytes: number) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
        const body = await res.arrayBuffer();
        onDone(performance.now() - t0, res.status, body.byteLength);
      } catch {
        onDone(performance.now() - t0, 'error', 0);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function measureRenderTime(opts: {
  webUrl: string;
  path?: string;
  concurrency?: number;
  requests?: number;
  warmUp?: number;
}): Promise<RenderTimes> {
  const url = `${opts.webUrl}${opts.path ?? '/'}`;
  const concurrency = opts.concurrency ?? 20;
  const requests = opts.requests ?? 400;
  const warmUp = opts.warmUp ?? 60;
  await pool(url, warmUp, concurrency, () => {}); // JIT, caches, remote entries a server render fetches: not counted
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let htmlBytes = 0;
  const t0 = performance.now();
  await pool(url, requests, concurrency, (ms, status, bytes) => {
    times.push(ms);
    if (status === 'error') errors += 1;
    else statuses[status] = (statuses[status] ?? 0) + 1;
    htmlBytes = Math.max(htmlBytes, bytes);
  });
  const wallMs = performance.now() - t0;
  times.sort((a, b) => a - b);
  return {
    url,
    concurrency,
    requests,
    warmUp,
    statuses,
    errors,
    htmlBytes,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? Number.NaN,
    wallMs,
  };
}

export function printRenderTime(r: RenderTimes): void {
  const st = Object.entries(r.statuses)
    .map(([s, n]) => `${n}× ${s}`)
    .join(', ');
  console.log(
    `\n  GET ${new URL(r.url).pathname}: ${r.requests} requests, ${r.concurrency} in flight (after ${r.warmUp} warm-up), ${st}${r.errors ? `, ${r.errors} errors` : ''}; HTML ${(r.htmlBytes / 1024).toFixed(1)} KB; ${((r.requests / r.wallMs) * 1000).toFixed(0)} req/s`,
  );
  console.log(`  p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · max ${r.max.toFixed(1)} ms`);
  const ok = r.p95 <= TARGET_P95_MS;
  console.log(
    `\n  home p95 response time at ${r.concurrency} concurrent: ${r.p95.toFixed(1)} ms vs target ${TARGET_P95_MS} ms → ${ok ? `✓ (${(TARGET_P95_MS - r.p95).toFixed(1)} ms to spare)` : `✗ (${(r.p95 - TARGET_P95_MS).toFixed(1)} ms over)`}`,
  );
}
