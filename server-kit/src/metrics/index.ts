export { startMetricsServer, type MetricsServer } from './metricsServer';
export { createServiceRegistry } from './registry';
export { boundObserver } from './boundObserver';
