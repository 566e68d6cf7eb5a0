import { Suspense, createContext, lazy, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Navigate, RouterProvider, useLocation, useNavigate, useNavigationType, type createBrowserRouter } from 'react-router';
import type { ScrollTarget } from './stores/ScrollStore';
import type { i18n as I18n } from 'i18next';
import { HostContext, type ApiClient, type HostConfig, type HostServices } from 'shared-contracts';
import { StoresContext, useStores, type RootStore } from './stores/RootStore';
import { isChunkLoadError } from './stores/UpdateStore';
import { localePath, matchRoute, type RouteMatch } from './routing/routes';
import { Layout } from './layouts/Layout';
import { NotFoundPage } from './pages/NotFoundPage';
import { ErrorPage } from './pages/ErrorPage';
import { MaintenancePage } from './pages/MaintenancePage';
import { RemoteFallback } from './components/RemoteFallback';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Notifications } from './components/Notifications';
import { LoadingBar } from './components/LoadingBar';
import { createHostServices } from './host/createHostServices';
import type { PagesLoader } from './federation/remotes';
import { FALLBACK_MARK, type PagesModule } from './federation/fallbackModule';
import { LOGIN_QUERY, NEXT_QUERY, lkRedirect, loginQueryAction, type SessionState } from './routing/lkRedirect';

// The account dialogs are not needed for the first paint: their code loads when one opens.
const AuthDialogs = lazy(() => import(/* webpackChunkName: "auth-dialogs" */ './dialogs/AuthDialogs'));

export interface ShellDeps {
  stores: RootStore;
  i18n: I18n;
  api: ApiClient;
  loader: Pick<PagesLoader, 'get' | 'peek'>;
  config: HostConfig;
}

const ShellDepsContext = createContext<ShellDeps | null>(null);
function useShellDeps(): ShellDeps {
  const deps = useContext(ShellDepsContext);
  if (!deps) throw new Error('ShellDepsContext missing');
  return deps;
}

type Router = ReturnType<typeof createBrowserRouter>;

/** The route objects handed to createBrowserRouter / createMemoryRouter: one catch-all, matched by routes.ts. */
export const routerRoutes = [{ path: '*', Component: Root }];

export function ShellApp({ deps, router }: { deps: ShellDeps; router: Router }) {
  return (
    <ShellDepsContext.Provider value={deps}>
      <StoresContext.Provider value={deps.stores}>
        <I18nextProvider i18n={deps.i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StoresContext.Provider>
    </ShellDepsContext.Provider>
  );
}

function pageTitle(t: (k: string, o?: Record<string, string>) => string, match: RouteMatch | null, state: 'ok' | 'not-found' | 'error' | 'maintenance'): string {
  if (state === 'maintenance') return t('titles.maintenance');
  if (state === 'not-found' || !match) return t('titles.notFound');
  if (state === 'error') return t('titles.notFound');
  const params = Object.fromEntries(Object.entries(match.params).map(([k, v]) => [k, k === 'from' || k === 'to' ? v.toUpperCase() : v]));
  return t(match.route.titleKey, params);
}

function Root() {
  return (
    <>
      <NavigatorBridge />
      <ScrollManager />
      <LoadingBar />
      <Page />
      <LoginQuery />
      <Dialogs />
      <Notifications />
    </>
  );
}

function sessionState(session: RootStore['session']): SessionState {
  return session.isLoading ? 'loading' : session.isAuthorised ? 'signed-in' : 'guest';
}

/** Lets stores navigate (logout → home, sign-in → the page asked for) through the router. */
function NavigatorBridge() {
  const { stores } = useShellDeps();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    stores.navigator = { go: (path, options) => void navigate(path, options) };
  }, [stores, navigate]);
  return null;
}

/** lk-redirect's other half: `?login=1&next=…` opens the login dialog, or goes on once signed in. */
const LoginQuery = observer(function LoginQuery() {
  const { stores } = useShellDeps();
  const location = useLocation();
  const navigate = useNavigate();
  const state = sessionState(stores.session);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const action = loginQueryAction(query, state);
    if (action.kind === 'open-login') {
      stores.dialogs.openLogin(action.next);
      query.delete(LOGIN_QUERY);
      query.delete(NEXT_QUERY);
      const qs = query.toString();
      void navigate(`${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`, { replace: true });
    } else if (action.kind === 'go') {
      void navigate(localePath(action.to, stores.locale.current), { replace: true });
    }
  }, [location.search, location.pathname, location.hash, state, stores, navigate]);
  return null;
});

const Dialogs = observer(function Dialogs() {
  const { stores } = useShellDeps();
  if (!stores.dialogs.open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
});

function applyScroll(target: ScrollTarget) {
  if (target.kind === 'top') window.scrollTo(0, 0);
  else if (target.kind === 'position') window.scrollTo(0, target.y);
  else if (target.kind === 'element') document.getElementById(target.id)?.scrollIntoView?.();
}

/** Feeds every navigation to the ScrollStore (§2); a new page goes to the top at once, the rest waits for the page. */
function ScrollManager() {
  const { stores } = useShellDeps();
  const location = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const target = stores.scroll.navigated({ key: location.key, pathname: location.pathname, hash: location.hash }, action, window.scrollY);
    if (target.kind === 'top') applyScroll(stores.scroll.take());
  }, [location.key, location.pathname, location.hash, action, stores]);
  return null;
}

const Page = observer(function Page() {
  const { stores, i18n } = useShellDeps();
  const { t } = useTranslation('shell');
  const location = useLocation();
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  const [notFoundAt, setNotFoundAt] = useState<string | null>(null);
  const urlLocale = match?.locale ?? (location.pathname === '/ru' || location.pathname.startsWith('/ru/') ? 'ru' : 'en');

  // The URL prefix wins.
  useLayoutEffect(() => {
    stores.locale.applyFromUrl(urlLocale);
    if (i18n.language !== urlLocale) void i18n.changeLanguage(urlLocale);
    document.documentElement.lang = urlLocale;
  }, [urlLocale, stores, i18n]);

  // A new build waiting: the navigation becomes a full load of the target path.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stores.updates.onNavigate(`${location.pathname}${location.search}${location.hash}`);
  }, [location.key, stores]);

  const notFound = notFoundAt === location.pathname;
  const state: 'ok' | 'not-found' | 'error' | 'maintenance' = !stores.health.enabled ? 'maintenance' : !match ? 'not-found' : !match.valid || notFound ? 'error' : 'ok';
  const title = pageTitle((k, o) => String(t(k, o ?? {})), match, state);
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (state === 'maintenance') {
    return (
      <Layout name="non-working">
        <MaintenancePage />
      </Layout>
    );
  }
  if (!match) {
    return (
      <Layout name="default">
        <NotFoundPage />
      </Layout>
    );
  }
  if (match.route.middleware === 'lk-redirect') {
    const decision = lkRedirect({ path: match.path, search: location.search, session: sessionState(stores.session) });
    if (decision.kind === 'redirect') return <Navigate replace to={localePath(decision.to, match.locale)} />;
    if (decision.kind === 'wait') {
      return (
        <Layout name={match.route.layout}>
          <SlotLoading />
        </Layout>
      );
    }
  }
  if (state === 'error') {
    return (
      <Layout name={match.route.layout}>
        <ErrorPage statusCode={404} message={t('error.pageNotFound', { path: location.pathname })} />
      </Layout>
    );
  }
  return (
    <Layout name={match.route.layout}>
      <RemoteSlot match={match} onNotFound={() => setNotFoundAt(location.pathname)} />
    </Layout>
  );
});

function RemoteSlot({ match, onNotFound }: { match: RouteMatch; onNotFound(): void }) {
  const deps = useShellDeps();
  const { stores, loader, i18n } = deps;
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const remote = match.route.remote;
  const [loaded, setLoaded] = useState<{ remote: string; mod: PagesModule } | null>(() => {
    const mod = loader.peek(remote);
    return mod ? { remote, mod } : null;
  });
  const [failed, setFailed] = useState<string | null>(null);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (loaded?.remote === remote) return;
    const cached = loader.peek(remote);
    if (cached) {
      setLoaded({ remote, mod: cached });
      return;
    }
    let alive = true;
    setFailed(null);
    stores.loadingBar
      .track(loader.get(remote))
      .then((mod) => {
        if (alive) setLoaded({ remote, mod });
      })
      .catch((error: unknown) => {
        if (!alive) return;
        if (isChunkLoadError(error) && stores.updates.onChunkError(fullPath)) return;
        stores.notifications.add({ type: 'warning', message: t('fallback.notify') });
        setFailed(remote);
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote]);

  const host: HostServices = useMemo(
    () =>
      createHostServices({
        stores,
        i18n,
        api: deps.api,
        config: deps.config,
        route: { name: match.name, path: match.path, params: match.params, query: new URLSearchParams(location.search), hash: location.hash },
        navigate: (to, o) => void navigate(to, o),
        pathname: location.pathname,
        hash: location.hash,
        notFound: onNotFound,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [match, location.search, location.hash, stores, i18n, deps],
  );

  const mod = loaded?.remote === remote ? loaded.mod : null;

  // a saved position or a hash target is applied once the remote page is there
  useEffect(() => {
    if (!mod) return;
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 0);
    raf(() => applyScroll(stores.scroll.take()));
  }, [mod, location.key, stores]);

  if (failed === remote) return <RemoteFallback />;
  if (!mod) return <SlotLoading />;
  const PageComponent = mod.pages[match.route.page];
  if (!PageComponent) return <RemoteFallback />;
  return (
    <ErrorBoundary
      resetKey={location.pathname}
      fallback={() => <RemoteFallback />}
      onError={(error) => {
        if (isChunkLoadError(error)) stores.updates.onChunkError(fullPath);
      }}
    >
      <HostContext.Provider value={host}>
        <div className="remote-slot" data-remote={remote} data-fallback={mod[FALLBACK_MARK] ? 'true' : undefined}>
          <PageComponent host={host} />
        </div>
      </HostContext.Provider>
    </ErrorBoundary>
  );
}

function SlotLoading(): ReactNode {
  const { t } = useTranslation('shell');
  return (
    <div className="slot-loading" aria-busy="true" data-testid="slot-loading">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="skeleton skeleton--title" />
      <div className="skeleton" />
      <div className="skeleton" />
    </div>
  );
}
