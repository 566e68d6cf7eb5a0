import type { i18n as I18n } from 'i18next';
import type { ApiClient, HostConfig, HostServices } from 'shared-contracts';
import type { RootStore } from '../stores/RootStore';
import { localePath } from '../routing/routes';
import { hostSession, type VisitRecords } from '../session/hostSession';
import type { SlotLocation } from './CurrentLocation';
import { LocalLink } from './LocalLink';

export interface HostServicesInput {
  stores: RootStore;
  i18n: I18n;
  api: ApiClient;
  config: HostConfig;
  visit: VisitRecords;
  /** The slot's location, observable (CurrentLocation.slotLocation). */
  location(): SlotLocation;
  /** Whether the router's current URL is still the slot's page (CurrentLocation.shows). */
  isCurrent(): boolean;
  /** The router's navigate (full path, prefix included). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Marks a full pathname as not found (a 404 reported by the page). */
  notFound(pathname: string): void;
  /** The page loader's data of a server-rendered page (the slot being hydrated, or rendered on the server). */
  initialData?: unknown;
}

/**
 * HostServices for one mounted slot (DESIGN "Stores", rule 8): made once per slot and kept for its lifetime;
 * what changes with the URL is read through the observable `route`.
 */
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
    session: hostSession(stores, i.visit),
    notify: (n) => void stores.notifications.add(n),
    analytics: { track: (event, data) => stores.analytics.track(event, data) },
    navigate: (to, options) => i.navigate(localePath(to, stores.locale.current), options),
    setQuery: (query, options) => {
      // The slot outlives its page by a render or more (the navigation renders as a transition; its effects are cleaned
      // up after the commit), and i.location() keeps the page's last URL meanwhile: a query written then (a rate tick
      // re-solving the amount after an order's create navigated to the order page) would navigate back to this page.
      if (!i.isCurrent()) return;
      const { pathname, hash } = i.location();
      const qs = query.toString();
      i.navigate(`${pathname}${qs ? `?${qs}` : ''}${hash}`, { replace: options?.replace ?? true });
    },
    Link: LocalLink,
    get route() {
      return i.location().route;
    },
    config: i.config,
    notFound: () => i.notFound(i.location().pathname),
    trackLoading: (promise) => stores.loadingBar.track(promise),
    initialData: i.initialData,
  };
}
