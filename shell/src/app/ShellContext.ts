import type { MarketingStorageEnv } from '../consent/marketingStorage';
import { createContext, useContext } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiClient, HostConfig } from 'shared-contracts';
import type { RootStore } from '../stores/RootStore';
import type { PagesLoader } from '../federation/remotes';
import type { CurrentLocation } from '../host/CurrentLocation';
import type { VisitRecords, VisitRecordsEnv } from '../session/hostSession';

import type { Router } from '../routing/router';

export type { Router };

/** What bootstrap (or a test) hands the shell. */
export interface ShellDeps {
  stores: RootStore;
  i18n: I18n;
  api: ApiClient;
  loader: Pick<PagesLoader, 'get' | 'peek'>;
  config: HostConfig;
  /** Cookie, protocol and storage of the visit records; default: the browser's. */
  visitEnv?: VisitRecordsEnv;
  /** Issue 24: where "essential only" deletes the marketing cookies and storage; default: the browser's. */
  marketingStorage?: MarketingStorageEnv;
  /** The path of a server-rendered 404 page (web's answer was 404): the first render is that 404 page too. */
  initialNotFound?: string;
  /** The loader data of the server-rendered page: handed to the first slot showing that page, once. */
  initialPage?: InitialPageData;
  /** Leaves the site for an external URL (a §2 external redirect); default: `window.location.assign`. */
  leaveSite?: (url: string) => void;
  /** Called once the app is live (hydrated or rendered): bootstrap replays the input made before (ssr/earlyInput.ts). */
  onLive?: () => void;
}

export interface InitialPageData {
  remote: string;
  page: string;
  data: unknown;
}

/** ShellDeps plus what the shell makes once per mount: the router, its location as an observable, the visit records. */
export interface ShellRuntime extends ShellDeps {
  router: Router;
  leaveSite: (url: string) => void;
  currentLocation: CurrentLocation;
  visit: VisitRecords;
}

export const ShellContext = createContext<ShellRuntime | null>(null);

export function useShell(): ShellRuntime {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('ShellContext missing');
  return shell;
}
