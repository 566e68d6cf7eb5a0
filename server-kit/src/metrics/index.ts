export { startMetricsServer, type MetricsServer } from './metricsServer';
export { createServiceRegistry, LATENCY_BUCKETS } from './registry';
