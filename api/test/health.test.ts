import { checkHealth, type HealthDeps } from '../src/modules/health/routes';

const base = (over: Partial<HealthDeps> = {}): HealthDeps => ({
  db: { ping: async () => undefined },
  priceBoard: { updatedAt: new Date(1_000_000) },
  sandbox: { market: true, custody: true, provider: true, mail: true },
  version: '1.0.0',
  priceStaleAfterMs: 10_000,
  now: () => 1_005_000,
  ...over,
});

describe('health status (§4)', () => {
  it('OK with a live db and fresh prices', async () => {
    expect((await checkHealth(base())).status).toBe('OK');
  });
  it('TECHNICAL_DIFFICULTIES before the first tick or when prices are stale', async () => {
    expect((await checkHealth(base({ priceBoard: { updatedAt: null } }))).status).toBe('TECHNICAL_DIFFICULTIES');
    expect((await checkHealth(base({ now: () => 1_011_000 }))).status).toBe('TECHNICAL_DIFFICULTIES');
  });
  it('UNHEALTHY when the database fails or hangs', async () => {
    const down = await checkHealth(base({ db: { ping: async () => Promise.reject(new Error('down')) } }));
    expect(down).toMatchObject({ status: 'UNHEALTHY', checks: { db: 'down', market: 'up' } });
    const hang = await checkHealth(base({ db: { ping: () => new Promise(() => undefined) }, dbTimeoutMs: 20 }));
    expect(hang.status).toBe('UNHEALTHY');
  });
});
