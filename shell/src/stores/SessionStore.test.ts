import { ApiError, createApiClient, type AccountData, type AnalyticsEvent } from 'shared-contracts';
import { SessionStore, REFRESH_REUSE_WINDOW_MS, type SessionApi } from './SessionStore';
import { MemoryCookieJar } from './env';
import { TestClock } from './testClock';

const USER: AccountData = {
  email: 'user@example.com',
  permissions: 'USER',
  adminPermissionsScope: {},
  emailConfirmed: true,
  twoFactorEnabled: false,
  userId: 42,
};

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A fake api that records every call in order. */
function fakeApi(overrides: Partial<Record<keyof SessionApi, jest.Mock>> = {}) {
  const calls: string[] = [];
  const rec = (name: keyof SessionApi, impl: (input?: unknown) => Promise<unknown>) =>
    jest.fn(async (input?: unknown) => {
      calls.push(name);
      return impl(input);
    });
  const api = {
    register: rec('register', async () => ({ ok: true })),
    login: rec('login', async () => ({ ok: true })),
    logout: rec('logout', async () => ({ ok: true })),
    refresh: rec('refresh', async () => ({ ok: true })),
    accountData: rec('accountData', async () => USER),
    ...overrides,
  };
  return { api, calls };
}

function setup(o: { api?: ReturnType<typeof fakeApi>; cookies?: Record<string, string> } = {}) {
  const { api, calls } = o.api ?? fakeApi();
  const cookies = new MemoryCookieJar(o.cookies ?? { u_id: 'fp-1' });
  const clock = new TestClock();
  const events: AnalyticsEvent[] = [];
  const wentHome = jest.fn();
  const store = new SessionStore({
    api: api as unknown as SessionApi,
    cookies,
    clock,
    visitorId: async () => 'visitor-1',
    locale: () => 'ru',
    track: (e) => events.push(e),
    goHome: wentHome,
  });
  return { store, api, calls, cookies, clock, events, wentHome };
}

describe('SessionStore §4 authorisation', () => {
  it.each([
    [null, false],
    [{ ...USER, userId: 0 }, false],
    [{ ...USER, email: '   ' }, false],
    [{ ...USER, email: '' }, false],
    [USER, true],
  ])('authorised only with a non-zero userId and a non-blank email (%j → %s)', (account, expected) => {
    const { store } = setup();
    store.account = account as AccountData | null;
    expect(store.isAuthorised).toBe(expected);
  });

  it('admin means permissions equals ADMIN', () => {
    const { store } = setup();
    store.account = USER;
    expect(store.isAdmin).toBe(false);
    store.account = { ...USER, permissions: 'ADMIN' };
    expect(store.isAdmin).toBe(true);
    store.account = { ...USER, permissions: 'admin' };
    expect(store.isAdmin).toBe(false);
  });

  it('registration registers, marks an in-session registration, logs in, then fetches account data', async () => {
    const { store, api, calls, events } = setup();
    let markedBeforeLogin: boolean | undefined;
    api.login.mockImplementation(async () => {
      calls.push('login');
      markedBeforeLogin = store.registeredInSession;
      return { ok: true };
    });
    await store.register({ email: USER.email, password: 'correct horse', referralId: 'ref-9' });
    expect(calls).toEqual(['register', 'login', 'accountData']);
    expect(markedBeforeLogin).toBe(true);
    expect(api.register).toHaveBeenCalledWith({
      body: { email: USER.email, password: 'correct horse', browserFingerprint: 'visitor-1', locale: 'ru', referrerAffiliateId: 'ref-9' },
    });
    expect(api.login).toHaveBeenCalledWith({ body: { email: USER.email, password: 'correct horse', browserFingerprint: 'visitor-1' } });
    expect(store.isAuthorised).toBe(true);
    expect(events).toEqual(['registration_completed']);
  });

  it('registration without a referral id sends none; a failed registration neither logs in nor marks', async () => {
    const { store, api, calls } = setup();
    api.register.mockRejectedValueOnce(ApiError.of('ERR_USER_ALREADY_REGISTERED', 'taken'));
    await expect(store.register({ email: USER.email, password: 'x' })).rejects.toMatchObject({ code: 'ERR_USER_ALREADY_REGISTERED' });
    expect(calls).toEqual([]);
    expect(store.registeredInSession).toBe(false);
    expect(store.isAuthorised).toBe(false);
    await store.register({ email: USER.email, password: 'x' });
    expect(api.register.mock.calls[1][0].body).not.toHaveProperty('referrerAffiliateId');
  });

  it('login logs in, then fetches account data, and reports login_success', async () => {
    const { store, calls, events } = setup();
    await store.login({ email: USER.email, password: 'pw' });
    expect(calls).toEqual(['login', 'accountData']);
    expect(store.account).toEqual(USER);
    expect(events).toEqual(['login_success']);
  });

  it('a failed login fetches nothing and reports nothing', async () => {
    const { store, api, calls, events } = setup();
    api.login.mockRejectedValueOnce(ApiError.of('ERR_INVALID_CREDENTIALS', 'no'));
    await expect(store.login({ email: USER.email, password: 'bad' })).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    expect(calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('logout calls logout, clears account and verification data, and goes home — even when the call fails', async () => {
    for (const fails of [false, true]) {
      const { store, api, calls, wentHome, cookies } = setup();
      if (fails) api.logout.mockRejectedValueOnce(new Error('offline'));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      store.account = USER;
      store.verification = { status: 'PASS' };
      await store.logout();
      warn.mockRestore();
      expect(api.logout).toHaveBeenCalledTimes(1);
      expect(calls).toEqual(fails ? [] : ['logout']);
      expect(store.account).toBeNull();
      expect(store.verification).toBeNull();
      expect(store.isAuthorised).toBe(false);
      expect(wentHome).toHaveBeenCalledTimes(1);
      expect(cookies.get('u_id')).toBe('');
    }
  });
});

describe('SessionStore startup (§6, §8)', () => {
  it('loads account data when the u_id cookie says a session may exist', async () => {
    const { store, calls } = setup();
    expect(store.isLoading).toBe(true);
    const started = store.start();
    expect(store.status).toBe('loading');
    await started;
    expect(calls).toEqual(['accountData']);
    expect(store.isAuthorised).toBe(true);
    expect(store.isLoading).toBe(false);
  });

  it('on a server-rendered page the account is loaded at once but shown only after hydration (the header matches the HTML)', async () => {
    const { store, calls } = setup();
    let hydrate = () => {};
    const hydrated = new Promise<void>((resolve) => (hydrate = resolve));
    const started = store.start(hydrated);
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual(['accountData']);
    expect(store.isLoading).toBe(true);
    expect(store.isAuthorised).toBe(false);
    hydrate();
    await started;
    expect(store.isAuthorised).toBe(true);
    expect(store.isLoading).toBe(false);
  });

  it('without u_id it is a guest at once and calls nothing', async () => {
    const { store, calls } = setup({ cookies: {} });
    await store.start();
    expect(calls).toEqual([]);
    expect(store.isAuthorised).toBe(false);
    expect(store.isLoading).toBe(false);
  });

  it.each([401, 418])('%s while loading account data clears refresh_token, access_token and u_id and resets account data', async (status) => {
    const api = fakeApi({
      accountData: jest.fn(async () =>
        Promise.reject(new ApiError({ statusCode: status, code: status === 401 ? 'ERR_UNAUTHORIZED' : 'ERR_IM_A_TEAPOT', message: 'x' })),
      ),
    });
    const { store, cookies } = setup({ api, cookies: { u_id: 'fp', access_token: 'a', refresh_token: 'r', theme: 'dark' } });
    store.account = USER;
    await store.start();
    expect(store.account).toBeNull();
    for (const name of ['refresh_token', 'access_token', 'u_id']) {
      expect(cookies.get(name)).toBe('');
      expect(cookies.written).toContain(`${name}=; Max-Age=0; Path=/; SameSite=Lax`);
    }
    expect(cookies.get('theme')).toBe('dark');
    expect(store.isLoading).toBe(false);
  });

  it('other startup failures (server down) keep the cookies for the next visit', async () => {
    const api = fakeApi({ accountData: jest.fn(async () => Promise.reject(ApiError.of('ERR_SERVICE_UNAVAILABLE', 'down'))) });
    const { store, cookies } = setup({ api, cookies: { u_id: 'fp' } });
    await store.start();
    expect(cookies.get('u_id')).toBe('fp');
    expect(store.isAuthorised).toBe(false);
    expect(store.isLoading).toBe(false);
  });
});

describe('SessionStore transparent refresh', () => {
  it('concurrent 401s share one refresh request, then every call is repeated', async () => {
    const gate = deferred<{ ok: true }>();
    const api = fakeApi({ refresh: jest.fn(() => gate.promise) });
    const { store } = setup({ api });
    const ctx = { route: 'accountData' as const, error: ApiError.of('ERR_UNAUTHORIZED', 'expired') };
    const waiting = [store.onUnauthorized(ctx), store.onUnauthorized({ ...ctx, route: 'orderHistory' }), store.onUnauthorized(ctx)];
    await new Promise((r) => setTimeout(r, 0));
    expect(api.api.refresh).toHaveBeenCalledTimes(1);
    expect(api.api.refresh).toHaveBeenCalledWith({ body: { browserFingerprint: 'visitor-1' } });
    gate.resolve({ ok: true });
    await expect(Promise.all(waiting)).resolves.toEqual([true, true, true]);
  });

  it('a 401 arriving just after a refresh retries without refreshing again; later ones refresh anew', async () => {
    const { store, api, clock } = setup();
    const ctx = { route: 'accountData' as const, error: ApiError.of('ERR_UNAUTHORIZED', 'expired') };
    await store.onUnauthorized(ctx);
    await expect(store.onUnauthorized(ctx)).resolves.toBe(true);
    expect(api.refresh).toHaveBeenCalledTimes(1);
    clock.time += REFRESH_REUSE_WINDOW_MS + 1;
    await store.onUnauthorized(ctx);
    expect(api.refresh).toHaveBeenCalledTimes(2);
  });

  it('a failed refresh signs the visitor out and tells every waiting call not to retry', async () => {
    const api = fakeApi({ refresh: jest.fn(async () => Promise.reject(ApiError.of('ERR_UNAUTHORIZED', 'revoked'))) });
    const { store, cookies } = setup({ api });
    store.account = USER;
    const ctx = { route: 'accountData' as const, error: ApiError.of('ERR_UNAUTHORIZED', 'expired') };
    await expect(Promise.all([store.onUnauthorized(ctx), store.onUnauthorized(ctx)])).resolves.toEqual([false, false]);
    expect(api.api.refresh).toHaveBeenCalledTimes(1);
    expect(store.isAuthorised).toBe(false);
    expect(cookies.get('u_id')).toBe('');
  });

  it.each(['login', 'register', 'logout', 'refresh', 'requestPasswordReset', 'resetPassword'] as const)(
    'a 401 from %s is an answer, not an expired token: no refresh',
    async (route) => {
      const { store, api } = setup();
      await expect(store.onUnauthorized({ route, error: ApiError.of('ERR_INVALID_CREDENTIALS', 'no') })).resolves.toBe(false);
      expect(api.refresh).not.toHaveBeenCalled();
    },
  );

  it.each(['ERR_INVALID_CREDENTIALS', 'ERR_TWO_FACTOR_REQUIRED', 'ERR_INVALID_TWO_FACTOR_CODE'] as const)(
    'a step-up or two-factor call answered %s is not repeated: one wrong guess spends one attempt (issue 24)',
    async (code) => {
      const { store, api } = setup();
      for (const route of ['stepUp', 'twoFactorDisable', 'twoFactorEnable'] as const) {
        await expect(store.onUnauthorized({ route, error: ApiError.of(code, 'no') })).resolves.toBe(false);
      }
      expect(api.refresh).not.toHaveBeenCalled();
    },
  );

  it('a guest (no u_id) is never refreshed', async () => {
    const { store, api } = setup({ cookies: {} });
    await expect(store.onUnauthorized({ route: 'accountData', error: ApiError.of('ERR_UNAUTHORIZED', 'x') })).resolves.toBe(false);
    expect(api.refresh).not.toHaveBeenCalled();
  });

  it('through the real ApiClient: three calls expire together, one refresh, three retried answers', async () => {
    let token = 'old';
    const seen: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const path = new URL(request.url).pathname;
      seen.push(`${request.method} ${path}`);
      if (path === '/api/v1/users/authentication/refresh') {
        await new Promise((r) => setTimeout(r, 20));
        token = 'new';
        return Response.json({ ok: true });
      }
      if (token === 'old') return Response.json({ statusCode: 401, code: 'ERR_UNAUTHORIZED', message: 'expired' }, { status: 401 });
      return Response.json(USER);
    };
    let store!: SessionStore;
    const api = createApiClient({ baseUrl: 'http://test', fetch: fetchImpl, getClientId: () => 'fp', onUnauthorized: (c) => store.onUnauthorized(c) });
    store = new SessionStore({
      api,
      cookies: new MemoryCookieJar({ u_id: 'fp' }),
      clock: { now: () => Date.now() },
      visitorId: async () => 'v',
      locale: () => 'en',
      track: () => undefined,
      goHome: () => undefined,
    });
    await expect(Promise.all([api.accountData(), api.accountData(), api.accountData()])).resolves.toEqual([USER, USER, USER]);
    expect(seen.filter((s) => s.endsWith('/refresh'))).toHaveLength(1);
    expect(seen.filter((s) => s.endsWith('/account-data'))).toHaveLength(6);
  });
});
