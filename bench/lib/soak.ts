// The soak: BENCH_SOAK_WS (1,000) WebSocket subscribers plus BENCH_SOAK_RATE (200) order polls a second
// (GET /api/v1/orders/public-info of orders made before) for BENCH_SOAK_DURATION (300) s against one api on
// PostgreSQL. Errors of either kind are counted; the api's memory (RSS from /proc, V8 heap from its /metrics when it
// serves one) is sampled every 2 s and its trend fitted by least squares.
import { type BenchApi, rssOf, scrapeGauge } from './api';
import { openLoop, type OpenLoopResult } from './openLoop';
import { createOrderRequest, ETH_ADDRESS, instrumentRefs } from './orders';
import { fanOutFigures, type FanOutFigures, subscriptionRequests, WsFleet } from './ws';

/** Memory counts as flat when its fitted trend is below this (MB per minute). */
export const SOAK_FLAT_MB_PER_MIN = 2;

interface MemSample {
  t: number;
  rss?: number;
  heap?: number;
}

export interface SoakFigures {
  polls: OpenLoopResult;
  ws: FanOutFigures;
  wsConnectFailed: number;
  samples: MemSample[];
  rssSlope?: number;
  heapSlope?: number;
  /** The lowest heap used in each third of the run (after the collector's passes: what is retained). */
  floors: { t: number; heap: number }[];
  /** (last third's floor − first third's) per minute, MB: the figure judged "flat". */
  floorSlope?: number;
  errors: number;
}

/**
 * The heap's sawtooth (it grows between collections and drops at each) makes a fitted line swing by ±100 MB/min
 * over a minute; the lowest point of each third of the run is what survives collection, so its trend is the leak.
 */
function heapFloors(samples: MemSample[]): { t: number; heap: number }[] {
  const withHeap = samples.filter((s) => s.heap !== undefined);
  if (withHeap.length < 6) return [];
  // Thirds of the run's time, not of the samples: scrapes that failed (a starved api answers /metrics late) must not
  // squeeze the "first third" into the run's end. A third without a sample leaves the trend unmeasured.
  const [t0, t1] = [samples[0].t, samples.at(-1)!.t];
  const span = (t1 - t0) / 3;
  const floors = [0, 1, 2].map((k) => {
    const part = withHeap.filter((s) => s.t >= t0 + k * span && (k === 2 ? s.t <= t1 : s.t < t0 + (k + 1) * span));
    if (part.length === 0) return undefined;
    const low = part.reduce((a, b) => (b.heap! < a.heap! ? b : a));
    return { t: low.t, heap: low.heap! };
  });
  return floors.every((f) => f !== undefined) ? (floors as { t: number; heap: number }[]) : [];
}

function floorSlope(floors: { t: number; heap: number }[]): number | undefined {
  if (floors.length < 3 || floors[2].t === floors[0].t) return undefined;
  return (((floors[2].heap - floors[0].heap) / (floors[2].t - floors[0].t)) * 60) / (1024 * 1024);
}

/** Least-squares slope in MB per minute of (t seconds, bytes). */
function slopeMbPerMin(points: { t: number; v: number }[]): number | undefined {
  if (points.length < 3) return undefined;
  const n = points.length;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const mv = points.reduce((s, p) => s + p.v, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.v - mv);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60) / (1024 * 1024);
}

export async function soak(api: BenchApi, opts: { sockets: number; rate: number; durationS: number; orders: number }): Promise<SoakFigures> {
  const refs = await instrumentRefs(api.url);
  const create = createOrderRequest(refs);
  const orderIds: string[] = [];
  for (let i = 0; i < opts.orders; i++) {
    const res = await fetch(`${api.url}${create.path}`, { method: 'POST', headers: create.headers, body: create.body });
    const body = (await res.json()) as { orderId?: string };
    if (!res.ok || !body.orderId) throw new Error(`order create → ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    orderIds.push(body.orderId);
  }
  const wsUrl = `${api.url.replace(/^http/, 'ws')}/api/v2/ws`;
  const { fleet, failed: wsConnectFailed } = await WsFleet.connect({
    wsUrl,
    total: opts.sockets,
    processes: 1,
    requests: subscriptionRequests(),
  });
  const samples: MemSample[] = [];
  const t0 = Date.now();
  const sample = async () => {
    samples.push({ t: (Date.now() - t0) / 1000, rss: rssOf(api.pid), heap: await scrapeGauge(api.metricsUrl, 'nodejs_heap_size_used_bytes') });
  };
  try {
    fleet.record();
    await sample();
    const timer = setInterval(() => void sample(), 2000);
    const polls = await openLoop({
      origin: api.url,
      rate: opts.rate,
      durationS: opts.durationS,
      request: (i) => ({
        method: 'GET',
        path: `/api/v1/orders/public-info?orderId=${encodeURIComponent(orderIds[i % orderIds.length])}&destinationAddress=${ETH_ADDRESS}`,
        headers: { accept: 'application/json' },
      }),
    });
    clearInterval(timer);
    await sample();
    const ws = fanOutFigures(await fleet.report(), opts.sockets - wsConnectFailed);
    const fit = (key: 'rss' | 'heap') =>
      slopeMbPerMin(samples.filter((s) => s[key] !== undefined && s.t >= Math.min(10, opts.durationS / 4)).map((s) => ({ t: s.t, v: s[key]! })));
    // from 10 s on, as the fitted lines: the first seconds hold the warm-up (sockets connecting, JIT, pools)
    const floors = heapFloors(samples.filter((x) => x.t >= Math.min(10, opts.durationS / 4)));
    const errors = polls.sent - polls.ok + ws.errorFrames + ws.closes + ws.incompleteTicks + wsConnectFailed;
    return { polls, ws, wsConnectFailed, samples, rssSlope: fit('rss'), heapSlope: fit('heap'), floors, floorSlope: floorSlope(floors), errors };
  } finally {
    await fleet.close();
  }
}

const mb = (v?: number) => (v === undefined ? 'n/a' : `${(v / 1024 / 1024).toFixed(1)} MB`);

export function printSoak(f: SoakFigures): void {
  const p = f.polls;
  console.log(`  order polls: ${p.sent} at ${p.rate}/s (achieved ${p.achievedRate.toFixed(1)}/s), 2xx ${p.ok}, failed ${p.sent - p.ok}`);
  for (const [msg, n] of Object.entries(p.errors)) console.log(`    network error ×${n}: ${msg}`);
  for (const body of p.failures) console.log(`    e.g. ${body}`);
  console.log(
    `  WebSocket: ${f.ws.subscribers} subscribers (connect failures ${f.wsConnectFailed}), ${f.ws.ticks} ticks, frames ${f.ws.frames}, error frames ${f.ws.errorFrames}, closed ${f.ws.closes}, ticks someone missed ${f.ws.incompleteTicks}; last frame p99 ${f.ws.p99} ms`,
  );
  const mid = f.samples[Math.floor(f.samples.length / 2)];
  const [start, end] = [f.samples[0], f.samples.at(-1)];
  for (const [label, s] of [
    ['start', start],
    ['middle', mid],
    ['end', end],
  ] as const) {
    console.log(`  memory at ${label.padEnd(6)} (${s?.t.toFixed(0).padStart(3)} s): RSS ${mb(s?.rss)} · heap used ${mb(s?.heap)}`);
  }
  const slope = (v?: number) => (v === undefined ? 'n/a' : `${v >= 0 ? '+' : ''}${v.toFixed(2)} MB/min`);
  console.log(`  trend (least squares from 10 s on): RSS ${slope(f.rssSlope)} · heap ${slope(f.heapSlope)} (the heap's collection sawtooth dominates these)`);
  if (f.floors.length === 3) {
    const fl = f.floors.map((x) => `${mb(x.heap)} at ${x.t.toFixed(0)} s`).join(', ');
    console.log(
      `  heap floor (lowest heap used) per third of the run from 10 s on: ${fl} → ${slope(f.floorSlope)}; flat = below ${SOAK_FLAT_MB_PER_MIN} MB/min`,
    );
  }
}
