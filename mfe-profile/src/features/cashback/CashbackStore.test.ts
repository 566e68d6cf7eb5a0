import { program } from '../../test/fixtures';
import { CashbackStore } from './CashbackStore';
import { cashbackApi } from './fakes';

describe('CashbackStore', () => {
  it('tiers from the smallest volume up, the tier the 30-day volume reaches, the exact total', async () => {
    const store = new CashbackStore(cashbackApi() as never);
    await store.load();
    expect(store.tiers.map((t) => t.minVolume)).toEqual(['0', '10000', '100000']);
    expect(store.currentTier).toBe(1);
    expect(store.total).toBe('1.250001');
  });

  it('no tier reached, and a failed load is an error state', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new CashbackStore(
      cashbackApi({ affiliateProgram: jest.fn(async () => program({ cashbackTiers: [{ minVolume: '100', rate: '0.001' }], volume30d: '5' })) }) as never,
    );
    await store.load();
    expect(store.currentTier).toBe(-1);
    const failing = new CashbackStore(cashbackApi({ affiliateCashbacks: jest.fn(async () => Promise.reject(new Error('down'))) }) as never);
    await failing.load();
    expect(failing.loadState.status).toBe('error');
    warn.mockRestore();
  });
});
