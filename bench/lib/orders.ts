// Order creation at a fixed rate on PostgreSQL: POST /api/v1/orders/public/create from one address at
// BENCH_ORDERS_RATE (200) requests per second for BENCH_ORDERS_DURATION (30) s, open model (openLoop.ts), against an
// api on its own fresh PostgreSQL database. The per-address limit of order creation (30 a minute, orderCreate's rateLimit in shared-contracts)
// is raised for this api only, through its env (HTTP_RATE_LIMITS): a load test comes from one address.
import type { BenchApi } from './api';
import { type OpenLoopRequest, type OpenLoopResult, openLoop, percentile } from './openLoop';

export const ORDERS_P99_TARGET_MS = 50;
const CREATE_PATH = '/api/v1/orders/public/create';
export const ETH_ADDRESS = '0xde709f2102306220921060314715629080e2fb77';

interface InstrumentRef {
  currencyTitle: string;
  networkTitle: string;
  slug?: string;
}

/** Env of an api that lets one address create orders at the bench's rate (production limits otherwise). */
export function ordersBenchEnv(): Record<string, string> {
  return { HTTP_RATE_LIMITS: 'orderCreate=1000000' };
}

export async function instrumentRefs(apiUrl: string): Promise<{ btc: InstrumentRef; eth: InstrumentRef }> {
  const res = await fetch(`${apiUrl}/api/v2/instruments/public`);
  if (!res.ok) throw new Error(`GET /api/v2/instruments/public → ${res.status}`);
  const list = (await res.json()) as InstrumentRef[];
  const pick = (c: string) => {
    const found = list.find((i) => i.currencyTitle === c && i.networkTitle === c);
    if (!found) throw new Error(`no ${c} instrument`);
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  return { btc: pick('BTC'), eth: pick('ETH') };
}

export function createOrderRequest(refs: { btc: InstrumentRef; eth: InstrumentRef }): OpenLoopRequest {
  return {
    method: 'POST',
    path: CREATE_PATH,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      rateMode: 'FLOATING',
      instrumentFrom: refs.btc,
      instrumentTo: refs.eth,
      destinationAddress: ETH_ADDRESS,
      claimedDepositAmount: '0.1',
    }),
  };
}

export interface OrdersFigures {
  result: OpenLoopResult;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
}

export async function measureOrderCreate(api: BenchApi, opts: { rate: number; durationS: number; warmUpS: number }): Promise<OrdersFigures> {
  const refs = await instrumentRefs(api.url);
  const req = createOrderRequest(refs);
  const check = await fetch(`${api.url}${CREATE_PATH}`, { method: 'POST', headers: req.headers, body: req.body });
  const checkText = await check.text();
  console.log(`  POST ${CREATE_PATH} → HTTP ${check.status} (${checkText.slice(0, 80)}…)`);
  if (!check.ok) throw new Error(`order create answers ${check.status}: ${checkText.slice(0, 300)}`);
  if (opts.warmUpS > 0) {
    // JIT, the connection pool and PostgreSQL's caches: not counted
    await openLoop({ origin: api.url, rate: Math.min(50, opts.rate), durationS: opts.warmUpS, request: () => req });
  }
  const result = await openLoop({ origin: api.url, rate: opts.rate, durationS: opts.durationS, request: () => req });
  const failed = result.sent - result.ok;
  return {
    result,
    p50: percentile(result.latencies, 50),
    p90: percentile(result.latencies, 90),
    p99: percentile(result.latencies, 99),
    max: result.latencies.at(-1) ?? Number.NaN,
    failed,
  };
}

export function printOrders(f: OrdersFigures): void {
  const r = f.result;
  console.log(
    `  ${r.sent} requests at ${r.rate}/s for ${r.durationS} s (achieved ${r.achievedRate.toFixed(1)}/s; generator's own send lag p99 ${r.sendLagP99.toFixed(1)} ms)`,
  );
  console.log(
    `  latency from due time to last byte: p50 ${f.p50.toFixed(1)} ms · p90 ${f.p90.toFixed(1)} ms · p99 ${f.p99.toFixed(1)} ms · max ${f.max.toFixed(1)} ms`,
  );
  console.log(`  2xx ${r.ok} · failed ${f.failed}${Object.keys(r.statuses).length ? ` (statuses ${JSON.stringify(r.statuses)})` : ''}`);
  for (const [msg, n] of Object.entries(r.errors)) console.log(`    network error ×${n}: ${msg}`);
  for (const body of r.failures) console.log(`    e.g. ${body}`);
}
