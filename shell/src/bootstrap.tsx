import './styles/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createApiClient, type HostConfig } from 'shared-contracts';
import { RootStore, browserEnv } from './stores/RootStore';
import { fetchProbe, internetReachable, REACHABILITY_META, reachabilityUrl } from './stores/reachability';
import { dataLayerSink } from './analytics/AnalyticsService';
import { browserFirstPartySink, followPageLifecycle } from './analytics/firstPartySink';
import { browserUtmEnvironment, readUtmSessionId } from './analytics/utm';
import { createBrowserI18n } from './i18n/browserI18n';
import { PagesLoader, registerRemoteMap, registerRemotesFrom, remoteFailedMessageKey } from './federation/remotes';
import { REMOTE_FAILED_EVENT } from './federation/fallbackPlugin';
import { isChunkLoadError } from './stores/UpdateStore';
import { ShellApp, createBrowserRouter } from './App';
import { localePath, matchRoute, splitLocale } from './routing/routes';
import { readSsrState } from './ssr/state';
import { replayEarlyInput, takeEarlyInput } from './ssr/earlyInput';
import { nextTask } from './app/nextTask';

const config = typeof __SHELL_CONFIG__ === 'object' && __SHELL_CONFIG__ ? __SHELL_CONFIG__ : {};

async function main() {
  // the modules' evaluation (this chunk's import) and the stores' construction: two tasks, not one
  await nextTask();
  // §4 transparent refresh: a 401 asks the session store, which refreshes once for every waiting call.
  let stores: RootStore | undefined;
  const api = createApiClient({ onUnauthorized: (context) => stores?.session.onUnauthorized(context) ?? Promise.resolve(false) });
  let translate = (key: string) => key;
  // §4 events go to the dataLayer and to the api's first-party sink, with the §9 session id of the UTM record
  const utmEnvironment = browserUtmEnvironment(document);
  const firstPartySink = browserFirstPartySink(() => readUtmSessionId(utmEnvironment));
  stores = new RootStore(
    browserEnv({
      defaultTheme: config.defaultTheme ?? 'light',
      healthCheckOnStart: config.healthCheckOnStart ?? true,
      fetchHealth: () => api.health(),
      // §4: the internet, not our api (reachability.ts), so "you are offline" and "our service is down" differ
      isReachable: () =>
        internetReachable({
          onLine: () => navigator.onLine,
          url: reachabilityUrl(document.querySelector(`meta[name="${REACHABILITY_META}"]`)?.getAttribute('content')),
          probe: fetchProbe,
        }),
      fetchLatestBuild: async () => {
        const res = await fetch('/builds/latest.json', { cache: 'no-store' });
        return (await res.json()) as { buildId?: string };
      },
      api,
      analyticsSink: [dataLayerSink(), firstPartySink],
      t: (key) => translate(key),
    }),
  );

  await nextTask();

  // A server-rendered document: the first render must be the server's (same locale, same remote page).
  const ssr = readSsrState(document);

  // First access at the root without a prefix: the cookie, else the browser languages, decide (§4) — on the
  // server already when it rendered the page.
  const { locale: urlLocale, prefix } = splitLocale(location.pathname);
  if (!ssr && location.pathname === '/' && !prefix) {
    const detected = stores.locale.detect();
    if (detected !== 'en') history.replaceState(null, '', `${localePath('/', detected)}${location.search}${location.hash}`);
  }
  const initialLocale = splitLocale(location.pathname).locale ?? urlLocale;
  stores.locale.applyFromUrl(initialLocale);

  // only the shown locale's shell texts: their chunk loads beside the page's remote, both awaited before the first render
  const { i18n, ready: shellTextsReady } = createBrowserI18n(initialLocale);
  translate = (key) => i18n.t(`shell:${key}`);
  await nextTask();

  window.addEventListener(REMOTE_FAILED_EVENT, (event) => {
    stores.notifications.add({ type: 'warning', message: i18n.t(`shell:${remoteFailedMessageKey((event as CustomEvent).detail)}`) });
  });
  // back online while the app is disabled: ask again now rather than at the next backoff step
  window.addEventListener('online', () => {
    if (!stores.health.enabled) void stores.health.check();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) stores.updates.onChunkError(`${location.pathname}${location.search}${location.hash}`);
  });

  try {
    // a server-rendered page carries the map: hydration does not wait for one more request
    if (ssr?.remotes) registerRemoteMap(ssr.remotes);
    else await registerRemotesFrom('/remotes.json');
  } catch (error) {
    console.error('remotes.json could not be loaded; remote pages will show their fallback', error);
  }

  const wsProtocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const hostConfig: HostConfig = {
    wsUrl: `${wsProtocol}//${location.host}/api/v2/ws`,
    apiBaseUrl: location.origin,
    get sandbox() {
      return stores.health.sandbox;
    },
    partnerReferralParam: config.partnerReferralParam ?? 'ref',
  };

  followPageLifecycle(window, document, () => stores.analytics.leavePage(), firstPartySink);
  await nextTask();
  if (ssr?.health) stores.health.restore(ssr.health);
  let markHydrated = () => {};
  const hydrated = new Promise<void>((resolve) => (markHydrated = resolve));
  // the account is loaded now but shown only after hydration: the server rendered the page without it
  stores.start(ssr ? hydrated : undefined);
  const router = createBrowserRouter();
  const loader = new PagesLoader(i18n);
  const initialPage = ssr?.remote && ssr.page ? { remote: ssr.remote, page: ssr.page.name, data: ssr.page.data } : undefined;
  let early: ReturnType<typeof takeEarlyInput> = [];
  const onLive = () => {
    markHydrated();
    replayEarlyInput(early);
  };
  const initialNotFound = ssr?.notFound ? location.pathname : undefined;
  const app = <ShellApp deps={{ stores, i18n, api, loader, config: hostConfig, initialPage, initialNotFound, onLive }} router={router} />;
  const rootElement = document.getElementById('root')!;
  if (ssr) {
    // the page the server rendered is in hand before hydrating, so the slot's first render is that page
    // a page whose code is a chunk of its own (contract 1.10 `preload`) has it loaded too: hydration renders it at once
    const pageName = matchRoute(location.pathname)?.route.page;
    const pageReady = ssr.remote
      ? loader
          .get(ssr.remote)
          .then((mod) => (pageName ? mod.pages[pageName]?.preload?.() : undefined))
          .catch(() => undefined)
      : undefined;
    await Promise.all([shellTextsReady, pageReady]);
    // from here React's own listeners see every event; what came before is replayed once the app is live
    early = takeEarlyInput();
    // as a transition, hydration is time-sliced: the page answers input between slices instead of one long task
    startTransition(() => {
      hydrateRoot(rootElement, app, {
        onRecoverableError: (error, info) => console.warn('[shell] hydration recovered by rendering on the client', error, info.componentStack),
      });
    });
  } else {
    takeEarlyInput();
    await shellTextsReady;
    createRoot(rootElement).render(app);
  }
}

void main();
