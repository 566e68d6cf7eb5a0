import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/config';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', marketAdapter: 'sandbox', tickIntervalMs: 2000, sandboxMode: true, ckm: 'A' });
    expect(c.pgliteDir).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.defaultPair).toEqual({ from: 'btc', to: 'eth', amount: '0.1' });
    expect(c.popularPairs[0]).toEqual({ from: 'BTC', to: 'ETH' });
  });
  it('maps CKM_MODE names to §4 letters and parses booleans', () => {
    expect(loadConfig({ CKM_MODE: 'BEST' }).ckm).toBe('B');
    expect(loadConfig({ CKM_MODE: 'DISABLED', SANDBOX_MODE: 'false' })).toMatchObject({ ckm: 'D', sandboxMode: false });
  });
  it('fails fast on invalid values', () => {
    expect(() => loadConfig({ API_PORT: 'abc' })).toThrow(/API_PORT/);
    expect(() => loadConfig({ MARKET_ADAPTER: 'magic' })).toThrow(/MARKET_ADAPTER/);
    expect(() => loadConfig({ CKM_MODE: 'SOME' })).toThrow(/CKM_MODE/);
  });
});
