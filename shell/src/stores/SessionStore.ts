// §4 authorisation, §6 session cookies, §8 startup 401/418: the signed-in state of the site.
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  ACCESS_TOKEN_COOKIE,
  CLIENT_ID_COOKIE,
  REFRESH_TOKEN_COOKIE,
  isApiError,
  type AccountData,
  type AnalyticsEvent,
  type ApiClient,
  type LocaleCode,
  type RouteName,
  type UnauthorizedContext,
} from 'shared-contracts';
import type { Clock, CookieJar } from './env';

export type SessionApi = Pick<ApiClient, 'register' | 'login' | 'logout' | 'refresh' | 'accountData'>;

export interface SessionStoreDeps {
  api: SessionApi;
  cookies: CookieJar;
  clock: Pick<Clock, 'now'>;
  visitorId(): Promise<string>;
  /** The site language, for the mails the account calls send. */
  locale(): LocaleCode;
  track(event: AnalyticsEvent, data?: Record<string, unknown>): void;
  /** §4 logout "goes to the home page" (localised by the caller). */
  goHome(): void;
}

export type SessionStatus = 'idle' | 'loading' | 'ready';

/** Calls whose 401 means "wrong input", never "the access token expired". */
const NO_REFRESH_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['login', 'register', 'logout', 'refresh', 'requestPasswordReset', 'resetPassword']);
/**
 * 401s about the password or code the call carried (step-up, two-factor), not about the session: refreshing and
 * repeating the call would spend a second attempt of the visitor's sign-in limit on the same wrong guess.
 */
const CREDENTIAL_ERRORS: ReadonlySet<string> = new Set(['ERR_INVALID_CREDENTIALS', 'ERR_TWO_FACTOR_REQUIRED', 'ERR_INVALID_TWO_FACTOR_CODE']);

/** A 401 arriving this soon after a successful refresh was sent with the old token: retry, do not refresh again. */
export const REFRESH_REUSE_WINDOW_MS = 2_000;

export class SessionStore {
  account: AccountData | null = null;
  /** §4 "marks an in-session registration". */
  registeredInSession = false;
  /** §3 verification data held for the account; cleared on logout (the verification tab fills it later). */
  verification: unknown = null;
  status: SessionStatus = 'idle';

  private refreshing: Promise<boolean> | null = null;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: SessionStoreDeps) {
    makeObservable(this, {
      account: observableRef,
      registeredInSession: observable,
      verification: observableRef,
      status: observable,
      isAuthorised: computed,
      isAdmin: computed,
      isLoading: computed,
      start: action,
      register: action,
      login: action,
      logout: action,
      fetchAccountData: action,
      refresh: action,
      signedOut: action,
    });
  }

  /** §4: userId is a non-zero number and email is non-blank. */
  get isAuthorised(): boolean {
    const a = this.account;
    return !!a && typeof a.userId === 'number' && a.userId !== 0 && typeof a.email === 'string' && a.email.trim() !== '';
  }

  /** §4: permissions equals ADMIN. */
  get isAdmin(): boolean {
    return this.isAuthorised && this.account?.permissions === 'ADMIN';
  }

  get isLoading(): boolean {
    return this.status !== 'ready';
  }

  /** §6: without the readable u_id cookie there is no session to load or refresh. */
  private get mayHaveSession(): boolean {
    return !!this.deps.cookies.get(CLIENT_ID_COOKIE);
  }

  /** Startup account load. §8: 401 or 418 clears the session cookies and resets account data. */
  /**
   * `applyAfter`: on a server-rendered page, the hydration. The server rendered the page without the account (it is
   * the browser's to load), so an answer that arrives before hydration waits for it: applied earlier, it would make the
   * header's first render differ from the server's HTML.
   */
  async start(applyAfter?: Promise<unknown>): Promise<void> {
    if (this.status !== 'idle') return;
    if (!this.mayHaveSession) {
      this.status = 'ready';
      return;
    }
    this.status = 'loading';
    let outcome: { account: AccountData } | { error: unknown };
    try {
      outcome = { account: await this.deps.api.accountData() };
    } catch (error) {
      outcome = { error };
    }
    await applyAfter?.catch(() => undefined);
    runInAction(() => {
      if ('account' in outcome) this.account = outcome.account;
      else if (isApiError(outcome.error) && (outcome.error.statusCode === 401 || outcome.error.statusCode === 418)) this.signedOut();
      this.status = 'ready';
    });
  }

  /** §4: register, mark the in-session registration, log in, then fetch account data. */
  async register(input: { email: string; password: string; referralId?: string }): Promise<void> {
    const browserFingerprint = await this.deps.visitorId();
    await this.deps.api.register({
      body: {
        email: input.email,
        password: input.password,
        browserFingerprint,
        locale: this.deps.locale(),
        ...(input.referralId ? { referrerAffiliateId: input.referralId } : {}),
      },
    });
    runInAction(() => (this.registeredInSession = true));
    await this.deps.api.login({ body: { email: input.email, password: input.password, browserFingerprint } });
    await this.fetchAccountData();
    this.deps.track('registration_completed');
  }

  /** §4: log in (issue 24: with the authenticator or recovery code once the account has two-factor), then fetch account data. */
  async login(input: { email: string; password: string; twoFactorCode?: string }): Promise<void> {
    const browserFingerprint = await this.deps.visitorId();
    const twoFactorCode = input.twoFactorCode ? { twoFactorCode: input.twoFactorCode } : {};
    await this.deps.api.login({ body: { email: input.email, password: input.password, browserFingerprint, ...twoFactorCode } });
    await this.fetchAccountData();
    this.deps.track('login_success');
  }

  /** §4: call logout, clear account and verification data, go to the home page (even if the call failed). */
  async logout(): Promise<void> {
    try {
      await this.deps.api.logout();
    } catch (error) {
      console.warn('logout call failed; the local session is cleared anyway', error);
    } finally {
      this.signedOut();
      this.deps.goHome();
    }
  }

  async fetchAccountData(): Promise<AccountData> {
    const account = await this.deps.api.accountData();
    runInAction(() => {
      this.account = account;
      this.status = 'ready';
    });
    return account;
  }

  /**
   * The ApiClient's onUnauthorized hook: one refresh shared by every request that got a 401 meanwhile.
   * Resolves true when the call should be repeated; a failed refresh signs the visitor out.
   */
  onUnauthorized = (context: UnauthorizedContext): Promise<boolean> => {
    if (NO_REFRESH_ROUTES.has(context.route) || CREDENTIAL_ERRORS.has(context.error.code)) return Promise.resolve(false);
    if (!this.mayHaveSession) return Promise.resolve(false);
    if (this.deps.clock.now() - this.lastRefreshAt < REFRESH_REUSE_WINDOW_MS) return Promise.resolve(true);
    return this.refresh();
  };

  /** Rotates the session tokens; concurrent callers share one request. */
  refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      try {
        const browserFingerprint = await this.deps.visitorId();
        await this.deps.api.refresh({ body: { browserFingerprint } });
        this.lastRefreshAt = this.deps.clock.now();
        return true;
      } catch {
        this.signedOut();
        return false;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Forgets the account and clears the session cookies the page can clear (the HttpOnly ones are the server's). */
  signedOut(): void {
    this.account = null;
    this.verification = null;
    this.registeredInSession = false;
    for (const name of [REFRESH_TOKEN_COOKIE, ACCESS_TOKEN_COOKIE, CLIENT_ID_COOKIE]) this.deps.cookies.set(name, '', { maxAge: 0, path: '/' });
  }
}
