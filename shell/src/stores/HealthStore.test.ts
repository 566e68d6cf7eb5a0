import type { Health } from 'shared-contracts';
import { HealthStore, healthRetryDelay } from './HealthStore';
import { TestClock } from './testClock';

const health = (status: Health['status'], sandbox = false): Health => ({
  status,
  version: '1',
  sandbox: { market: sandbox, custody: false, provider: false, mail: false },
  checks: {},
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('HealthStore', () => {
  it('backoff: 5 s ×1.5 capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(healthRetryDelay)).toEqual([5000, 7500, 11250, 16875, 25312.5, 30000, 30000]);
  });

  it('OK enables and reports sandbox adapters', async () => {
    const clock = new TestClock();
    const s = new HealthStore({ clock, fetchHealth: async () => health('OK', true), isReachable: async () => true });
    await s.start();
    expect(s.enabled).toBe(true);
    expect(s.sandbox).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it("a hydrating page keeps the server's state until it is live, then checks", async () => {
    const clock = new TestClock();
    let asked = 0;
    const s = new HealthStore({
      clock,
      fetchHealth: async () => {
        asked += 1;
        return health('OK', true);
      },
      isReachable: async () => true,
    });
    // the server's render could not wait for the health answer: no sandbox badge in its HTML
    s.restore({ enabled: true, status: null, sandbox: false });
    let markHydrated = () => {};
    const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
    const started = s.start(hydrated);
    await flush();
    expect(asked).toBe(0);
    expect(s.sandbox).toBe(false);
    markHydrated();
    await started;
    expect(asked).toBe(1);
    expect(s.sandbox).toBe(true);
  });

  it('TECHNICAL_DIFFICULTIES disables without retry', async () => {
    const clock = new TestClock();
    const s = new HealthStore({ clock, fetchHealth: async () => health('TECHNICAL_DIFFICULTIES'), isReachable: async () => true });
    await s.start();
    expect(s.enabled).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('UNHEALTHY disables and retries until OK', async () => {
    const clock = new TestClock();
    const answers = [health('UNHEALTHY'), health('UNHEALTHY'), health('OK')];
    const s = new HealthStore({ clock, fetchHealth: async () => answers.shift()!, isReachable: async () => true });
    await s.start();
    expect(s.enabled).toBe(false);
    expect(clock.nextDelay).toBe(5000);
    clock.advance(5000);
    await flush();
    expect(s.enabled).toBe(false);
    expect(clock.nextDelay).toBe(7500);
    clock.advance(7500);
    await flush();
    expect(s.enabled).toBe(true);
    expect(clock.pending).toBe(0);
  });

  it('does not check when configured off', async () => {
    const fetchHealth = jest.fn(async () => health('OK'));
    await new HealthStore({ clock: new TestClock(), fetchHealth, isReachable: async () => true, checkOnStart: false }).start();
    expect(fetchHealth).not.toHaveBeenCalled();
  });

  it('retries failed checks 3 times, then the reachability check decides', async () => {
    const clock = new TestClock();
    const fetchHealth = jest.fn(async (): Promise<Health> => {
      throw new Error('down');
    });
    const isReachable = jest.fn(async () => false);
    const s = new HealthStore({ clock, fetchHealth, isReachable });
    await s.start();
    expect(s.enabled).toBe(true); // a single failure does not show the maintenance screen
    for (const delay of [5000, 7500, 11250]) {
      expect(clock.nextDelay).toBe(delay);
      clock.advance(delay);
      await flush();
    }
    expect(fetchHealth).toHaveBeenCalledTimes(4);
    expect(isReachable).toHaveBeenCalledTimes(1);
    expect(s.enabled).toBe(false);
    expect(s.outage).toBe('offline');
    expect(clock.nextDelay).toBe(16875);
  });

  it('past the threshold with the internet reachable, it is our service that is down: disabled, told apart, retried until it answers', async () => {
    const clock = new TestClock();
    let apiUp = false;
    const s = new HealthStore({
      clock,
      fetchHealth: async () => (apiUp ? health('OK') : Promise.reject(new Error('x'))),
      isReachable: async () => true,
    });
    await s.start();
    expect(s.outage).toBeNull();
    for (let i = 0; i < 3; i++) {
      clock.advance(clock.nextDelay!);
      await flush();
    }
    expect(s.enabled).toBe(false);
    expect(s.outage).toBe('service-down');
    expect(clock.pending).toBe(1);
    apiUp = true;
    clock.advance(clock.nextDelay!);
    await flush();
    expect(s.enabled).toBe(true);
    expect(s.outage).toBeNull();
    expect(clock.pending).toBe(0);
  });

  it('a visitor back online after an offline spell: the next check clears the outage', async () => {
    const clock = new TestClock();
    let online = false;
    const s = new HealthStore({
      clock,
      fetchHealth: async () => (online ? health('OK') : Promise.reject(new Error('offline'))),
      isReachable: async () => online,
    });
    for (let i = 0; i < 4; i++) await s.check();
    expect(s.outage).toBe('offline');
    online = true;
    await s.check();
    expect(s.outage).toBeNull();
    expect(s.enabled).toBe(true);
  });
});
