// A bound observer records exactly what prom-client's own observe records: the same text, after resets and removals.
import { Histogram, Registry } from 'prom-client';
import { boundObserver } from './boundObserver';

const BUCKETS = [0.001, 0.01, 0.1, 1, 30];
const LABELS = ['method', 'route', 'status_code'] as const;

function pair() {
  const make = () => {
    const registry = new Registry();
    const histogram = new Histogram({ name: 'op_seconds', help: 'op', labelNames: LABELS, buckets: BUCKETS, registers: [registry] });
    return { registry, histogram };
  };
  return { bound: make(), plain: make() };
}

const VALUES = [0.0004, 0.001, 0.005, 0.2, 0.9, 1, 29, 31, 120, 0];

describe('boundObserver', () => {
  it("renders the same buckets, sum and count as prom-client's observe", async () => {
    const { bound, plain } = pair();
    const observe = boundObserver(bound.histogram, { method: 'GET', route: '/x', status_code: '200' });
    const other = boundObserver(bound.histogram, { method: 'GET', route: '/x', status_code: '404' });
    for (const v of VALUES) {
      observe(v);
      plain.histogram.labels('GET', '/x', '200').observe(v);
    }
    other(0.05);
    plain.histogram.labels('GET', '/x', '404').observe(0.05);
    expect(await bound.registry.metrics()).toBe(await plain.registry.metrics());
    expect(await bound.registry.metrics()).toContain('op_seconds_count{method="GET",route="/x",status_code="200"} 10');
  });

  it('starts the series again after a reset or a removal', async () => {
    const { bound, plain } = pair();
    const observe = boundObserver(bound.histogram, { method: 'GET', route: '/x', status_code: '200' });
    const plainChild = plain.histogram.labels('GET', '/x', '200');
    observe(0.2);
    plainChild.observe(0.2);
    bound.histogram.reset();
    plain.histogram.reset();
    observe(0.002);
    observe(0.003);
    plainChild.observe(0.002);
    plainChild.observe(0.003);
    expect(await bound.registry.metrics()).toBe(await plain.registry.metrics());
    bound.histogram.remove('GET', '/x', '200');
    plain.histogram.remove('GET', '/x', '200');
    observe(5);
    plainChild.observe(5);
    expect(await bound.registry.metrics()).toBe(await plain.registry.metrics());
    expect(await bound.registry.metrics()).toContain('op_seconds_sum{method="GET",route="/x",status_code="200"} 5');
  });

  it('refuses a value that is not a finite number, as prom-client does', () => {
    const { bound } = pair();
    const observe = boundObserver(bound.histogram, { method: 'GET', route: '/x', status_code: '200' });
    expect(() => observe(Number.NaN)).toThrow(TypeError);
    observe(0.1);
    expect(() => observe(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});
