export { startMetricsServer, type MetricsServer } from './metricsServer';
export { createServiceRegistry } from './registry';
