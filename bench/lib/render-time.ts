// Server response time of a web page: a fixed number of GETs with a fixed number in flight (node:http, one keep-alive
// connection per worker, Accept-Encoding and Accept-Language as a browser sends them), each timed from request to the
// last byte of the body as sent; p50/p95 against the 50 ms target. Whatever web does for `/` at the time is what this
// measures. (Issue 27: the client shares the two cores with web; Node's fetch, decoding every body, took 1.7 ms of CPU
// per request, twice web's own, so the figure measured the load generator as much as web. The body is still read to
// its last byte; one response is decoded for the HTML size.)
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export const TARGET_P95_MS = 50;

/** What a browser's first visit sends that web reads (no cookies yet). */
const BROWSER_HEADERS = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US,en;q=0.9' };

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

function decoded(body: Buffer, encoding: string | undefined): number {
  if (encoding === 'gzip') return gunzipSync(body).length;
  if (encoding === 'br') return brotliDecompressSync(body).length;
  if (encoding === 'deflate') return inflateSync(body).length;
  return body.length;
}

function get(url: URL, agent: http.Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: decoded(Buffer.concat(chunks), res.headers['content-encoding']) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function pool(url: string, total: number, concurrency: number, onDone: (ms: number, status: number | 'error', bytes: number) => void): Promise<void> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let sized = false;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      try {
        // the first answer is decoded for its size; the others are read to their last byte as sent
        const measureSize = !sized;
        sized = true;
        const res = await (measureSize ? get(target, agent) : getRaw(target, agent));
        onDone(performance.now() - t0, res.status, res.bytes);
      } catch {
        onDone(performance.now() - t0, 'error', 0);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
}

function getRaw(url: URL, agent: http.Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
      // read to the end, not kept: the HTML size comes from the decoded answer
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
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
