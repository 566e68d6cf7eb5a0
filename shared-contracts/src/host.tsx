// HostServices: everything a remote receives from the shell (DESIGN.md "Stores"). Remotes never create a
// router, React root, i18next instance or ky instance of their own outside their standalone bootstrap.
// One object per mounted slot for its lifetime (DESIGN rule 8), handed to the page as its `host` prop only.
import type { ComponentType, ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './client';
import type { LocaleCode } from './constants';
import type { AccountData, Notification, UtmRecord } from './schemas';
import type { AnalyticsEvent, Theme } from './domain';

export interface HostRoute {
  /** Route name, e.g. `order___en`. */
  name: string;
  /** Path without the locale prefix, e.g. `/order/abc`. */
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  hash: string;
}

export interface HostLinkProps {
  /** Path without the locale prefix; the host adds it. */
  to: string;
  replace?: boolean;
  className?: string;
  children?: ReactNode;
  'data-testid'?: string;
}

/**
 * §2 the referral id of this visit: the `referralID` cookie web set, else (for a guest) the URL's `ref`.
 * The cookie belongs to the shell: remotes read and drop it only through this.
 */
export interface HostReferral {
  get(): string | undefined;
  /** §8 an unknown referral id is dropped: the cookie is deleted and the URL's `ref` is no longer read. */
  clear(): void;
}

/** §4 ckm A: the email confirmed in this browser (the shell owns the storage key). */
export interface HostConfirmedEmails {
  /** The email confirmed last, to prefill a form. */
  last(): string | undefined;
  /** Whether this email (case and surrounding spaces aside) was confirmed here. */
  has(email: string): boolean;
  remember(email: string): void;
}

export interface RegisterDialogOptions {
  /** Why the visitor is asked to sign up: `card-purchase` (a card purchase needs an account, §4 card flow). */
  reason?: 'card-purchase';
  email?: string;
}

export interface HostSession {
  readonly isAuthorised: boolean;
  readonly isAdmin: boolean;
  readonly account: AccountData | null;
  /** True while the first account-data load after start is running (§4, §8). */
  readonly isLoading: boolean;
  openLoginDialog(): void;
  /**
   * The register dialog (§2 account dialogs; §4 card flow opens it for guests). `reason` says in the dialog why an
   * account is needed; `email` prefills the email the visitor already typed. A host older than the options ignores them.
   */
  openRegisterDialog(options?: RegisterDialogOptions): void;
  /** The restore-password dialog, which mails a reset code (also "change password" in the profile). */
  openRestorePasswordDialog(email?: string): void;
  /** The email-confirmation dialog (§2 modals, §4 ckm): resolves with the confirmed email, or null when dismissed. */
  confirmEmail(initialEmail?: string): Promise<string | null>;
  /** §4 logout: calls logout, clears account and verification data, goes to the home page. */
  logout(): Promise<void>;
  /** §1 visitor id (browser fingerprint) sent with registration, login, refresh and order creation. */
  getVisitorId(): Promise<string>;
  readonly referral: HostReferral;
  readonly confirmedEmails: HostConfirmedEmails;
  /**
   * §3 UTM record sent with an order: the latest one with utm parameters, else the latest, or null. The shell
   * records the landing and every navigation (its `utm_*` cookie and storage keys are its own; remotes read only this).
   */
  utm(): UtmRecord | null;
}

export interface HostConfig {
  /** WebSocket URL of `/api/v2/ws`, absolute. */
  wsUrl: string;
  apiBaseUrl: string;
  sandbox: boolean;
  partnerReferralParam: string;
}

export interface HostServices {
  api: ApiClient;
  i18n: I18n;
  locale: { readonly current: LocaleCode; readonly prefix: '' | '/ru'; set(locale: LocaleCode): void };
  theme: { readonly current: Theme; set(theme: Theme): void };
  session: HostSession;
  notify(notification: Pick<Notification, 'type' | 'message'> & { timeout?: number }): void;
  analytics: { track(event: AnalyticsEvent, data?: Record<string, unknown>): void };
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Replace the current query without a navigation entry (§2 query sync). */
  setQuery(query: URLSearchParams, options?: { replace?: boolean }): void;
  Link: ComponentType<HostLinkProps>;
  /**
   * The slot's current route, a MobX observable: an `observer` component (or a reaction) that reads it
   * follows query, hash and param changes; the host object itself never changes while the slot is mounted.
   */
  readonly route: HostRoute;
  config: HostConfig;
  /** Reports a 404 from inside a page (route validation that needs data). */
  notFound(): void;
  /** Asks the shell's loading bar to show while a promise runs. */
  trackLoading<T>(promise: Promise<T>): Promise<T>;
  /**
   * What the page's loader (`./pages` `loaders`) returned when the server rendered this page: set for the slot the
   * browser hydrates (the same value the server render saw), undefined for a page reached by client navigation or
   * whose loader failed or ran out of time. A page builds its first state from it instead of fetching again.
   */
  readonly initialData: unknown;
}

/** What every remote page component receives. */
export interface RemotePageProps {
  host: HostServices;
}

/**
 * A remote's page. `preload` (contract 1.10), for a page whose code is a chunk of its own: loads that code; the host
 * awaits it before hydrating the page it server-rendered, so hydration renders the page at once.
 */
export type RemotePage = ComponentType<RemotePageProps> & { preload?: () => Promise<unknown> };

/** What every remote's `./pages` module exports. */
export type RemotePages = Record<string, RemotePage>;
