// HostServices: everything a remote receives from the shell (DESIGN.md "Stores"). Remotes never create a
// router, React root, i18next instance or ky instance of their own outside their standalone bootstrap.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './client';
import type { LocaleCode } from './constants';
import type { AccountData, Notification } from './schemas';
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

export interface HostSession {
  readonly isAuthorised: boolean;
  readonly isAdmin: boolean;
  readonly account: AccountData | null;
  openLoginDialog(): void;
  /** The register dialog (§2 account dialogs; §4 card flow opens it for guests). */
  openRegisterDialog?(): void;
  /** The restore-password dialog, which mails a reset code (also "change password" in the profile). */
  openRestorePasswordDialog?(email?: string): void;
  /** The email-confirmation dialog (§2 modals, §4 ckm): resolves with the confirmed email, or null when dismissed. */
  confirmEmail?(initialEmail?: string): Promise<string | null>;
  /** §4 logout: calls logout, clears account and verification data, goes to the home page. */
  logout?(): Promise<void>;
  /** §1 visitor id (browser fingerprint) sent with registration, login, refresh and order creation. */
  getVisitorId?(): Promise<string>;
  /** True while the first account-data load after start is running (§4, §8). */
  readonly isLoading?: boolean;
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
  route: HostRoute;
  config: HostConfig;
  /** Reports a 404 from inside a page (route validation that needs data). */
  notFound(): void;
  /** Asks the shell's loading bar to show while a promise runs. */
  trackLoading<T>(promise: Promise<T>): Promise<T>;
}

export const HostContext = createContext<HostServices | null>(null);

export function useHost(): HostServices {
  const host = useContext(HostContext);
  if (!host) throw new Error('useHost() outside the shell: wrap the page in <HostContext.Provider>');
  return host;
}

/** What every remote page component receives. */
export interface RemotePageProps {
  host: HostServices;
}

/** What every remote's `./pages` module exports. */
export type RemotePages = Record<string, ComponentType<RemotePageProps>>;
