import { ApiError, CLIENT_ID_COOKIE } from 'shared-contracts';
import { RootStore, type RootStoreEnv } from '../stores/RootStore';
import { MemoryCookieJar } from '../stores/env';
import { TestClock } from '../stores/testClock';
import { lazyVisitorId } from './visitorId';

function startShell(cookies: Record<string, string> = {}) {
  const visitorId = jest.fn(async () => 'visitor-1');
  const unauthorized = () => Promise.reject(ApiError.of('ERR_UNAUTHORIZED', 'no session'));
  const api = {
    accountData: jest.fn(async () => {
      if (!cookies[CLIENT_ID_COOKIE]) return unauthorized();
      return { email: 'user@example.com', permissions: 'USER' as const, adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false, userId: 7 };
    }),
    refresh: jest.fn(async () => ({ ok: true as const })),
    login: jest.fn(unauthorized),
    register: jest.fn(unauthorized),
    logout: jest.fn(unauthorized),
    requestPasswordReset: jest.fn(unauthorized),
    resetPassword: jest.fn(unauthorized),
    requestEmailConfirmation: jest.fn(unauthorized),
    confirmEmail: jest.fn(unauthorized),
  };
  const env: RootStoreEnv = {
    clock: new TestClock(),
    cookies: new MemoryCookieJar(cookies),
    languages: ['en'],
    root: { setAttribute: () => undefined },
    sessionStorage: { getItem: () => null, setItem: () => undefined },
    defaultTheme: 'light',
    healthCheckOnStart: true,
    buildId: 'b1',
    fetchHealth: async () => ({ status: 'OK', version: '1', sandbox: { market: true, custody: false, provider: false, mail: false }, checks: {} }),
    isReachable: async () => true,
    fetchLatestBuild: async () => ({ buildId: 'b1' }),
    reload: () => undefined,
    api,
    visitorId,
    analyticsSink: () => undefined,
  };
  const stores = new RootStore(env);
  stores.start();
  return { stores, visitorId, api };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('§1 visitor id: computed only when a call needs it', () => {
  it('is not computed while a guest starts the site, even when a call answers 401', async () => {
    const { stores, visitorId } = startShell();
    await settle();
    expect(await stores.session.onUnauthorized({ route: 'accountData', error: ApiError.of('ERR_UNAUTHORIZED', 'expired') })).toBe(false);
    expect(stores.session.status).toBe('ready');
    expect(visitorId).not.toHaveBeenCalled();
    stores.dispose();
  });

  it('is computed when a session really refreshes (§7 refresh carries the fingerprint)', async () => {
    const { stores, visitorId, api } = startShell({ [CLIENT_ID_COOKIE]: '7' });
    await settle();
    expect(visitorId).not.toHaveBeenCalled();
    await stores.session.onUnauthorized({ route: 'accountData', error: ApiError.of('ERR_UNAUTHORIZED', 'expired') });
    expect(visitorId).toHaveBeenCalledTimes(1);
    expect(api.refresh).toHaveBeenCalledWith({ body: { browserFingerprint: 'visitor-1' } });
    stores.dispose();
  });

  it('loads the agent on the first call only, once', async () => {
    const get = jest.fn(async () => ({ visitorId: 'abc' }));
    const importAgent = jest.fn(async () => ({ load: async () => ({ get }) }));
    const source = lazyVisitorId(importAgent);
    expect(importAgent).not.toHaveBeenCalled();
    await expect(Promise.all([source(), source()])).resolves.toEqual(['abc', 'abc']);
    expect(importAgent).toHaveBeenCalledTimes(1);
  });
});
