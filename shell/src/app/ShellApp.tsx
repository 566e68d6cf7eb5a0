import { useEffect, useLayoutEffect, useState } from 'react';
import { RouterProvider } from '../routing/RouterProvider';
import { StoresContext } from '../stores/RootStore';
import { CurrentLocation } from '../host/CurrentLocation';
import { browserVisitRecordsEnv, createVisitRecords } from '../session/hostSession';
import { followReferral } from '../session/referral';
import { followUtm } from '../analytics/utm';
import { browserMarketingStorageEnv, clearMarketingStorage } from '../consent/marketingStorage';
import { ShellContext, type Router, type ShellDeps, type ShellRuntime } from './ShellContext';
import { NavigatorBridge } from './NavigatorBridge';
import { ScrollManager } from './ScrollManager';
import { RedirectFollower } from './RedirectFollower';
import { LoadingBar } from '../components/LoadingBar';
import { Page } from './Page';
import { LoginQuery } from './LoginQuery';
import { Dialogs } from './Dialogs';
import { Notifications } from '../components/Notifications';
import { ShellI18nContext } from '../i18n/useShellT';

/** On `<html>` once the app has hydrated (or rendered): before that, a server-rendered page's buttons do nothing. */
const APP_LIVE_ATTR = 'data-app-live';

export function ShellApp({ deps, router }: { deps: ShellDeps; router: Router }) {
  const [shell] = useState<ShellRuntime>(() => {
    const currentLocation = new CurrentLocation(router.state.location);
    const visit = createVisitRecords(deps.stores, deps.visitEnv ?? browserVisitRecordsEnv(), () => currentLocation.query.get('ref') || undefined);
    return { ...deps, leaveSite: deps.leaveSite ?? ((url: string) => window.location.assign(url)), router, currentLocation, visit };
  });
  // The observable location changes in the router's own notification, before React renders the new URL.
  useLayoutEffect(() => shell.currentLocation.follow(router), [shell, router]);
  // §3 UTM: the landing and every client navigation are recorded (cookie and storage), after mount, not in render.
  useEffect(() => followUtm(router, shell.visit.utm, window.location.origin), [shell, router]);
  // §2 the referralID cookie is also set on client-side navigations that carry `ref` (web sets it for documents).
  useEffect(() => followReferral(router, shell.visit.referral), [shell, router]);
  // Issue 24: consent given starts the UTM record, the referral cookie and analytics; "essential only" deletes them.
  useEffect(
    () =>
      deps.stores.consent.onChange((consent) => {
        if (consent.choice === 'all') {
          shell.visit.utm.capture(window.location.href);
          shell.visit.referral.consentGiven();
          deps.stores.analytics.consentGiven();
        } else {
          clearMarketingStorage(deps.marketingStorage ?? browserMarketingStorageEnv());
        }
      }),
    [shell, deps],
  );
  // The page is live (hydrated, or rendered in the browser): its controls answer from now on. Browser tests wait for it.
  useEffect(() => {
    document.documentElement.setAttribute(APP_LIVE_ATTR, '');
    shell.onLive?.();
  }, [shell]);
  return (
    <ShellContext.Provider value={shell}>
      <StoresContext.Provider value={deps.stores}>
        <ShellI18nContext.Provider value={deps.i18n}>
          <RouterProvider router={router}>
            <Root />
          </RouterProvider>
        </ShellI18nContext.Provider>
      </StoresContext.Provider>
    </ShellContext.Provider>
  );
}

function Root() {
  return (
    <>
      <NavigatorBridge />
      <ScrollManager />
      <RedirectFollower />
      <LoadingBar />
      <Page />
      <LoginQuery />
      <Dialogs />
      <Notifications />
    </>
  );
}
