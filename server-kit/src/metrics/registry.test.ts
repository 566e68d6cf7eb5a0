// A service's registry renders its own metrics and the process's default ones; two services in one process keep
// their own metrics apart.
import { Counter } from 'prom-client';
import { createServiceRegistry, LATENCY_BUCKETS } from './index';

describe('createServiceRegistry', () => {
  it("renders the service's metrics and the process's, each service its own", async () => {
    const a = createServiceRegistry();
    const b = createServiceRegistry();
    new Counter({ name: 'a_total', help: 'a', registers: a.registers }).inc();
    const text = await a.render();
    expect(text).toContain('a_total 1');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(await b.render()).not.toContain('a_total');
    expect(a.contentType).toMatch(/^text\/plain/);
    expect(LATENCY_BUCKETS[0]).toBe(0.001);
  });
});
