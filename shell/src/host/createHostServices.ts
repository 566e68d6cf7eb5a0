import type { i18n as I18n } from 'i18next';
import type { ApiClient, HostConfig, HostRoute, HostServices, HostSession } from 'shared-contracts';
import type { RootStore } from '../stores/RootStore';
import { localePath } from '../routing/routes';
import { LocalLink } from './LocalLink';

export interface HostServicesInput {
  stores: RootStore;
  i18n: I18n;
  api: ApiClient;
  config: HostConfig;
  route: HostRoute;
  /** react-router navigate (full path, prefix included) */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** current pathname with prefix, for setQuery */
  pathname: string;
  hash: string;
  notFound(): void;
}

/** HostServices for one rendered route (DESIGN "Stores"): remotes meet the shell only through this. */
export function createHostServices(i: HostServicesInput): HostServices {
  const { stores } = i;
  return {
    api: i.api,
    i18n: i.i18n,
    locale: {
      get current() {
        return stores.locale.current;
      },
      get prefix() {
        return stores.locale.prefix;
      },
      set: (locale) => stores.locale.set(locale),
    },
    theme: {
      get current() {
        return stores.theme.current;
      },
      set: (theme) => stores.theme.set(theme),
    },
    session: hostSession(stores),
    notify: (n) => void stores.notifications.add(n),
    analytics: { track: (event, data) => stores.analytics.track(event, data) },
    navigate: (to, options) => i.navigate(localePath(to, stores.locale.current), options),
    setQuery: (query, options) => {
      const qs = query.toString();
      i.navigate(`${i.pathname}${qs ? `?${qs}` : ''}${i.hash}`, { replace: options?.replace ?? true });
    },
    Link: LocalLink,
    route: i.route,
    config: i.config,
    notFound: i.notFound,
    trackLoading: (promise) => stores.loadingBar.track(promise),
  };
}

/** What remotes see of the session: read-only state plus the dialogs, logout and the visitor id. */
export function hostSession(stores: RootStore): HostSession {
  const { session, dialogs } = stores;
  return {
    get isAuthorised() {
      return session.isAuthorised;
    },
    get isAdmin() {
      return session.isAdmin;
    },
    get account() {
      return session.account;
    },
    get isLoading() {
      return session.isLoading;
    },
    openLoginDialog: () => dialogs.openLogin(),
    openRegisterDialog: () => dialogs.openRegister(),
    openRestorePasswordDialog: (email) => dialogs.openRestore(email),
    confirmEmail: (email) => dialogs.confirmEmail(email),
    logout: () => session.logout(),
    getVisitorId: () => stores.visitorId(),
  };
}
