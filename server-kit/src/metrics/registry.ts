// A service's Prometheus registry (prom-client): one per app (tests build many apps in one process), rendered together
// with the process's default metrics (CPU, memory, event loop, GC), which are registered once per process.
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Seconds; request latencies from sub-millisecond cache hits to order creation's worst case (§9: 200 s timeout). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let processRegistry: Registry | undefined;
/** Default process metrics, collected once per process whatever the number of apps in it. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ServiceRegistry {
  readonly registry: Registry;
  /** what a metric's `registers` option takes */
  readonly registers: Registry[];
  readonly contentType: string;
  /** The text exposition of the service's and the process's metrics. */
  render(): Promise<string>;
  /** A histogram of durations in seconds (request latencies' buckets) in this registry. */
  latencyHistogram<L extends string>(metric: { name: string; help: string; labelNames: readonly L[] }): Histogram<L>;
}

export function createServiceRegistry(): ServiceRegistry {
  const registry = new Registry();
  const proc = processMetrics();
  return {
    registry,
    registers: [registry],
    contentType: registry.contentType,
    async render() {
      const [own, shared] = await Promise.all([registry.metrics(), proc.metrics()]);
      return `${own}\n${shared}`;
    },
    latencyHistogram: (metric) => new Histogram({ ...metric, buckets: LATENCY_BUCKETS, registers: [registry] }),
  };
}
