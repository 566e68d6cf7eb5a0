// A service's registry renders its own metrics and the process's default ones; two services in one process keep
// their own metrics apart.
import { Counter } from 'prom-client';
import { createServiceRegistry } from './index';

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
  });

  it('makes latency histograms in seconds, from a millisecond to 30 s', async () => {
    const service = createServiceRegistry();
    service
      .latencyHistogram({ name: 'op_duration_seconds', help: 'op', labelNames: ['kind'] as const })
      .labels('a')
      .observe(0.2);
    const text = await service.render();
    expect(text).toContain('op_duration_seconds_bucket{le="0.001",kind="a"} 0');
    expect(text).toContain('op_duration_seconds_bucket{le="0.25",kind="a"} 1');
    expect(text).toContain('op_duration_seconds_bucket{le="30",kind="a"} 1');
  });
});
