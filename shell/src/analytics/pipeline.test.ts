// The shell's analytics pipeline as the RootStore wires it (§4): test_event once the session's first load is done,
// with the visitor's user_type; leaving the page with the register dialog open reports registration_abandoned.
import { ApiError, CLIENT_ID_COOKIE, CONSENT_COOKIE } from 'shared-contracts';
import { RootStore, type RootStoreEnv } from '../stores/RootStore';
import { MemoryCookieJar } from '../stores/env';
import { TestClock } from '../stores/testClock';
import type { AnalyticsPayload } from './AnalyticsService';

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

/** Issue 24: analytics needs the visitor's consent; these tests are about a visitor who gave it. */
const CONSENTED = { [CONSENT_COOKIE]: 'all.2026-11-27' };

function startShell(cookies: Record<string, string> = CONSENTED, sessionStorage = memoryStorage()) {
  const sent: AnalyticsPayload[] = [];
  let answerAccount: (() => void) | undefined;
  const unauthorized = () => Promise.reject(ApiError.of('ERR_UNAUTHORIZED', 'no session'));
  const api = {
    accountData: jest.fn(async () => {
      await new Promise<void>((resolve) => (answerAccount = resolve));
      if (!cookies[CLIENT_ID_COOKIE]) return unauthorized();
      return { email: 'user@example.com', permissions: 'USER' as const, adminPermissionsScope: {}, emailConfirmed: true, twoFactorEnabled: false, userId: 7 };
    }),
    refresh: jest.fn(unauthorized),
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
    sessionStorage,
    localStorage: memoryStorage(),
    defaultTheme: 'light',
    healthCheckOnStart: false,
    buildId: 'b1',
    fetchHealth: async () => ({ status: 'OK', version: '1', sandbox: { market: true, custody: false, provider: false, mail: false }, checks: {} }),
    isReachable: async () => true,
    fetchLatestBuild: async () => ({ buildId: 'b1' }),
    reload: () => undefined,
    api,
    visitorId: async () => 'visitor-1',
    analyticsSink: [(p) => void sent.push(p)],
  };
  const stores = new RootStore(env);
  stores.start();
  return { stores, sent, answerAccount: () => answerAccount?.() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the shell analytics pipeline', () => {
  it('sends test_event after the session loaded, as registered for a signed-in visitor, once per browser session', async () => {
    const session = memoryStorage();
    const { stores, sent, answerAccount } = startShell({ ...CONSENTED, [CLIENT_ID_COOKIE]: '7' }, session);
    await settle();
    expect(sent).toEqual([]);
    answerAccount();
    await settle();
    expect(sent).toEqual([{ event: 'test_event', user_type: 'registered' }]);
    stores.dispose();
    const nextPage = startShell({ ...CONSENTED, [CLIENT_ID_COOKIE]: '7' }, session);
    nextPage.answerAccount();
    await settle();
    expect(nextPage.sent).toEqual([]);
    nextPage.stores.dispose();
  });

  it('a guest gets test_event as guest at once (no session to load)', async () => {
    const { stores, sent } = startShell();
    await settle();
    expect(sent).toEqual([{ event: 'test_event', user_type: 'guest' }]);
    stores.dispose();
  });

  it('issue 24: before a choice nothing is sent or stored; "Accept all" starts the pipeline; "Essential only" keeps it off', async () => {
    const session = memoryStorage();
    const { stores, sent } = startShell({}, session);
    await settle();
    await stores.dialogs.openRegister();
    stores.analytics.leavePage();
    expect(sent).toEqual([]);
    expect([...session.values.keys()]).toEqual([]);
    stores.consent.choose('essential');
    stores.analytics.consentGiven();
    expect(sent).toEqual([]);
    stores.consent.choose('all');
    stores.analytics.consentGiven();
    expect(sent).toEqual([{ event: 'test_event', user_type: 'guest' }]);
    stores.dispose();
  });

  it('leaving the page with the register dialog open reports registration_abandoned', async () => {
    const { stores, sent } = startShell();
    await settle();
    await stores.dialogs.openRegister();
    stores.analytics.leavePage();
    expect(sent.map((p) => `${p.event} ${p.user_type}`)).toEqual(['test_event guest', 'registration_abandoned guest']);
    stores.dispose();
  });
});
