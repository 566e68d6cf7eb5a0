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

describe('production mode (issue 7)', () => {
  const real = {
    NODE_ENV: 'production',
    SANDBOX_MODE: 'false',
    JWT_SECRET: 'j'.repeat(40),
    SMTP_URL: 'smtps://user:pass@mail.example:465',
    PUBLIC_ORIGIN: 'https://exchange.example',
    DATA_ENCRYPTION_KEY: 'd'.repeat(40),
  };
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('configuration accepted');
  };

  it('refuses to start unless SANDBOX_MODE is chosen explicitly', () => {
    for (const sandbox of [undefined, '']) {
      expect(refusal({ NODE_ENV: 'production', SANDBOX_MODE: sandbox })).toMatch(/SANDBOX_MODE: must be set explicitly with NODE_ENV=production/);
    }
  });

  it.each([
    ['no JWT_SECRET', { JWT_SECRET: undefined }, /JWT_SECRET: required with NODE_ENV=production.*signs sessions/],
    ['no SMTP_URL', { SMTP_URL: undefined }, /SMTP_URL: a real mail transport .*never leave the outbox/],
    ['an SMTP_URL that is no mail transport', { SMTP_URL: 'json' }, /SMTP_URL: a real mail transport/],
    ['no PUBLIC_ORIGIN', { PUBLIC_ORIGIN: undefined }, /PUBLIC_ORIGIN: the https origin\(s\) .* required/],
    ['no DATA_ENCRYPTION_KEY', { DATA_ENCRYPTION_KEY: undefined }, /DATA_ENCRYPTION_KEY: required with NODE_ENV=production.*KYC documents/],
    ['a webhook setting for development', { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, /WEBHOOK_ALLOW_PRIVATE_TARGETS: must be false/],
    ['a sandbox failure rate', { SANDBOX_WITHDRAWAL_FAILURE_RATE: '0.5' }, /SANDBOX_WITHDRAWAL_FAILURE_RATE: a sandbox setting/],
    ['an http PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'http://exchange.example' }, /PUBLIC_ORIGIN/],
    ['one http origin among several', { PUBLIC_ORIGIN: 'https://exchange.example,http://www.exchange.example' }, /PUBLIC_ORIGIN/],
  ])('with SANDBOX_MODE=false refuses %s, saying why', (_what, change, message) => {
    const text = refusal({ ...real, ...change });
    expect(text).toMatch(/^Refusing to start in production:\n  - /);
    expect(text).toMatch(message);
  });

  it('names every missing variable at once', () => {
    const text = refusal({ NODE_ENV: 'production', SANDBOX_MODE: 'false' });
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'PUBLIC_ORIGIN', 'DATA_ENCRYPTION_KEY']) expect(text).toContain(`${name}:`);
  });

  it('accepts a real deployment, and an explicit sandbox demo with its own keys', () => {
    expect(loadConfig(real)).toMatchObject({ nodeEnv: 'production', sandboxMode: false });
    const keys = { JWT_SECRET: real.JWT_SECRET, DATA_ENCRYPTION_KEY: real.DATA_ENCRYPTION_KEY };
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX_MODE: 'true', ...keys })).toMatchObject({ nodeEnv: 'production', sandboxMode: true });
  });

  // Issue 24: generated, both keys would live in the very database they protect (compose kept them there).
  it('requires JWT_SECRET and DATA_ENCRYPTION_KEY in sandbox mode too, naming both, with a clear reason', () => {
    const text = refusal({ NODE_ENV: 'production', SANDBOX_MODE: 'true' });
    expect(text).toMatch(/^Refusing to start in production:\n  - /);
    expect(text).toMatch(/JWT_SECRET: required with NODE_ENV=production, in sandbox mode too .*database it protects/);
    expect(text).toMatch(/DATA_ENCRYPTION_KEY: required with NODE_ENV=production, in sandbox mode too .*same database/);
    // the sandbox demo has no mail or origin requirements: only the keys are named
    expect(text).not.toMatch(/SMTP_URL|PUBLIC_ORIGIN/);
    expect(refusal({ NODE_ENV: 'production', SANDBOX_MODE: 'true', JWT_SECRET: 'j'.repeat(40) })).not.toMatch(/JWT_SECRET/);
    expect(refusal({ NODE_ENV: 'production', SANDBOX_MODE: 'true', DATA_ENCRYPTION_KEY: 'd'.repeat(40) })).toMatch(/JWT_SECRET/);
    // too short is refused as invalid, whatever the mode
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX_MODE: 'true', JWT_SECRET: 'short', DATA_ENCRYPTION_KEY: 'd'.repeat(40) })).toThrow(/JWT_SECRET/);
  });

  it('keeps generated keys for development and tests (no NODE_ENV=production)', () => {
    expect(loadConfig({ SANDBOX_MODE: 'true' })).toMatchObject({ sandboxMode: true, dataEncryptionKey: undefined });
  });

  it('keeps the development default: sandbox on without any variable', () => {
    expect(loadConfig({}).sandboxMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).sandboxMode).toBe(true);
  });
});

describe('platform limits configuration (issue 7)', () => {
  it('trusts loopback proxies by default; takes addresses, CIDRs, a hop count or none', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toEqual([]);
  });

  it('refuses to trust every hop, and entries that are no address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every hop/);
    expect(() => loadConfig({ TRUST_PROXY: 'web.internal' })).toThrow(/TRUST_PROXY: not an address.*web\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('overrides per-route rate limits by route-table name', () => {
    const c = loadConfig({ HTTP_RATE_LIMITS: 'orderCreate=5, login=7', HTTP_RATE_LIMIT_WINDOW_SECONDS: '10' });
    expect(c.http).toMatchObject({ rateLimitWindowMs: 10_000, rateLimits: { orderCreate: 5, login: 7, register: 30 } });
    expect(() => loadConfig({ HTTP_RATE_LIMITS: 'nosuchroute=1' })).toThrow(/HTTP_RATE_LIMITS: unknown route nosuchroute/);
    expect(() => loadConfig({ HTTP_RATE_LIMITS: 'login=0' })).toThrow(/HTTP_RATE_LIMITS: login/);
  });

  it('has bounded HTTP timeouts and WebSocket caps by default', () => {
    const c = loadConfig({});
    expect(c.http).toMatchObject({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000, maxConnections: 20_000 });
    expect(c.ws).toEqual({ maxConnections: 10_000, maxConnectionsPerAddress: 50, maxOrderSubscriptions: 10, maxMessagesPerSecond: 20 });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
