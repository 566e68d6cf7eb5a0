import { createContext, useContext } from 'react';
import type { Health, Theme } from 'shared-contracts';
import { documentCookieJar, realClock, type Clock, type CookieJar, type KeyValueStorage } from './env';
import { LocaleStore } from './LocaleStore';
import { ThemeStore } from './ThemeStore';
import { NotificationStore } from './NotificationStore';
import { LoadingBarStore } from './LoadingBarStore';
import { HealthStore } from './HealthStore';
import { UpdateStore } from './UpdateStore';
import { SessionStore } from './SessionStore';
import { ScrollStore } from './ScrollStore';

export interface RootStoreEnv {
  clock: Clock;
  cookies: CookieJar;
  languages: readonly string[];
  root: { setAttribute(name: string, value: string): void };
  sessionStorage: KeyValueStorage;
  defaultTheme: Theme;
  healthCheckOnStart: boolean;
  buildId: string;
  fetchHealth(): Promise<Health>;
  isReachable(): Promise<boolean>;
  fetchLatestBuild(): Promise<{ buildId?: string }>;
  reload(path: string): void;
  /** text for "coming soon" (translated by the caller) */
  comingSoon(): string;
}

/** One per mount: every feature store of the shell hangs off it. */
export class RootStore {
  readonly locale: LocaleStore;
  readonly theme: ThemeStore;
  readonly notifications: NotificationStore;
  readonly loadingBar: LoadingBarStore;
  readonly health: HealthStore;
  readonly updates: UpdateStore;
  readonly session: SessionStore;
  readonly scroll: ScrollStore;

  constructor(env: RootStoreEnv) {
    this.locale = new LocaleStore({ cookies: env.cookies, languages: env.languages });
    this.theme = new ThemeStore({ cookies: env.cookies, root: env.root, defaultTheme: env.defaultTheme });
    this.notifications = new NotificationStore(env.clock);
    this.loadingBar = new LoadingBarStore(env.clock);
    this.health = new HealthStore({ clock: env.clock, fetchHealth: env.fetchHealth, isReachable: env.isReachable, checkOnStart: env.healthCheckOnStart });
    this.updates = new UpdateStore({ clock: env.clock, fetchLatest: env.fetchLatestBuild, currentBuildId: env.buildId, storage: env.sessionStorage, reload: env.reload });
    this.scroll = new ScrollStore(env.sessionStorage);
    this.session = new SessionStore({ notify: (message) => this.notifications.add({ type: 'info', message }), comingSoonMessage: env.comingSoon });
  }

  start() {
    void this.health.start();
    this.updates.start();
  }

  dispose() {
    this.health.dispose();
    this.updates.stop();
    this.notifications.dispose();
  }
}

export function browserEnv(overrides: Partial<RootStoreEnv> & Pick<RootStoreEnv, 'fetchHealth' | 'isReachable' | 'fetchLatestBuild' | 'comingSoon'>): RootStoreEnv {
  return {
    clock: realClock,
    cookies: documentCookieJar(document),
    languages: navigator.languages ?? [navigator.language],
    root: document.documentElement,
    sessionStorage: window.sessionStorage,
    defaultTheme: 'light',
    healthCheckOnStart: true,
    buildId: typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev',
    reload: (path) => window.location.assign(path),
    ...overrides,
  };
}

export const StoresContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores() outside <StoresContext.Provider>');
  return stores;
}
