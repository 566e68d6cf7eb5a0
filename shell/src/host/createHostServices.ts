import type { i18n as I18n } from 'i18next';
import type { ApiClient, HostConfig, HostRoute, HostServices } from 'shared-contracts';
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
    session: stores.session,
    notify: (n) => void stores.notifications.add(n),
    analytics: {
      track: (event, data) => {
        if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('shell:analytics', { detail: { event, data, user_type: stores.session.isAuthorised ? 'registered' : 'guest' } }));
      },
    },
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
