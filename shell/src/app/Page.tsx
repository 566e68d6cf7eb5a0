import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { Navigate, useLocation } from '../routing/RouterProvider';
import { matchRoute } from '../routing/routes';
import { Layout } from '../layouts/Layout';
import { NotFoundPage } from '../pages/NotFoundPage';
import { MaintenancePage } from '../pages/MaintenancePage';
import { pageTitle, resolvePage, sessionState } from './resolvePage';
import { RemoteSlot } from './RemoteSlot';
import { SlotLoading } from './SlotLoading';
import { useShell } from './ShellContext';
import { switchLocale } from '../i18n/localeSwitch';
import { useHead } from '../seo/useHead';

/** The current URL's page in its layout, as resolvePage decides; also the locale, title and update hooks of a navigation. */
export const Page = observer(function Page() {
  const shell = useShell();
  const { stores, i18n } = shell;
  const { t } = useShellT();
  const location = useLocation();
  const match = useMemo(() => matchRoute(location.pathname), [location.pathname]);
  // a server-rendered 404 (web knew the page does not exist) hydrates as the 404 page it is
  const [notFoundAt, setNotFoundAt] = useState<string | null>(() => shell.initialNotFound ?? null);
  const urlLocale = match?.locale ?? (location.pathname === '/ru' || location.pathname.startsWith('/ru/') ? 'ru' : 'en');

  // The URL prefix wins.
  useLayoutEffect(() => {
    stores.locale.applyFromUrl(urlLocale);
    void switchLocale(i18n, urlLocale);
    document.documentElement.lang = urlLocale;
  }, [urlLocale, stores, i18n]);

  // A new build waiting: the navigation becomes a full load of the target path.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location.key, also a navigation to the same URL), reading that navigation's URL; a re-render is not a navigation
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stores.updates.onNavigate(`${location.pathname}${location.search}${location.hash}`);
  }, [location.key, stores]);

  // the account is read (and observed) only for a page behind lk-redirect: see PageInput.session
  const resolution = resolvePage({
    match,
    search: location.search,
    hash: location.hash,
    healthEnabled: stores.health.enabled,
    reportedNotFound: notFoundAt === location.pathname,
    session: () => sessionState(stores.session),
  });
  const titleSpec = pageTitle(resolution);
  const title = String(t(titleSpec.key, titleSpec.values ?? {}));
  useHead(resolution, location.pathname, title);

  switch (resolution.kind) {
    case 'maintenance':
      return (
        <Layout name={resolution.layout}>
          <MaintenancePage />
        </Layout>
      );
    case 'not-found':
      return (
        <Layout name={resolution.layout}>
          <NotFoundPage />
        </Layout>
      );
    case 'redirect':
      return <Navigate replace to={resolution.to} />;
    case 'wait':
      return (
        <Layout name={resolution.layout}>
          <SlotLoading />
        </Layout>
      );
    case 'remote':
      return (
        <Layout name={resolution.layout}>
          <RemoteSlot match={resolution.match} onNotFound={setNotFoundAt} />
        </Layout>
      );
  }
});
