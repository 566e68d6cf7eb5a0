import { useEffect, useRef, useState } from 'react';
import { useShellT } from '../i18n/useShellT';
import { useLocation } from '../routing/RouterProvider';
import type { HostServices } from 'shared-contracts';
import { isChunkLoadError } from '../stores/UpdateStore';
import type { RouteMatch } from '../routing/routes';
import { RemoteFallback } from '../components/RemoteFallback';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { createHostServices } from '../host/createHostServices';
import { FALLBACK_MARK, type PagesModule } from '../federation/fallbackModule';
import { applyScroll } from './ScrollManager';
import { SlotLoading } from './SlotLoading';
import { useShell, type ShellRuntime } from './ShellContext';

/** A remote's page: loads the remote's `./pages`, then renders the page with its host; a failure is the slot's fallback. */
export function RemoteSlot({ match, onNotFound }: { match: RouteMatch; onNotFound(pathname: string): void }) {
  const shell = useShell();
  const { stores, loader } = shell;
  const { t } = useShellT();
  const location = useLocation();
  const remote = match.route.remote;
  const [loaded, setLoaded] = useState<{ remote: string; mod: PagesModule } | null>(() => {
    const mod = loader.peek(remote);
    return mod ? { remote, mod } : null;
  });
  const [failed, setFailed] = useState<string | null>(null);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const host = useSlotHost(shell, match, onNotFound);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per remote: a new URL within the same remote keeps the module (and a failure its fallback); fullPath and t are read at failure time
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
  }, [remote]);

  const mod = loaded?.remote === remote ? loaded.mod : null;

  // a saved position or a hash target is applied once the remote page is there
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key re-runs it on every navigation within the remote, whose scroll position the store holds
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
      <div className="remote-slot" data-remote={remote} data-fallback={mod[FALLBACK_MARK] ? 'true' : undefined}>
        <PageComponent host={host} />
      </div>
    </ErrorBoundary>
  );
}

/**
 * One HostServices per page mount (DESIGN rule 8): another page is another component, so the page never sees
 * its host change; a new query, hash or param reaches it through the observable `host.route`.
 */
function useSlotHost(shell: ShellRuntime, match: RouteMatch, onNotFound: (pathname: string) => void): HostServices {
  const { remote, page } = match.route;
  const key = `${remote}/${page}`;
  const slot = useRef<{ key: string; host: HostServices } | null>(null);
  if (slot.current?.key !== key) {
    // the server-rendered page's data goes to its first mount only (hydration); a later visit fetches afresh
    const initial = shell.initialPage;
    const initialData = initial && initial.remote === remote && initial.page === page ? initial.data : undefined;
    if (initialData !== undefined) shell.initialPage = undefined;
    slot.current = {
      key,
      host: createHostServices({
        stores: shell.stores,
        i18n: shell.i18n,
        api: shell.api,
        config: shell.config,
        visit: shell.visit,
        location: shell.currentLocation.slotLocation(remote, page),
        isCurrent: () => shell.currentLocation.shows(remote, page),
        navigate: (to, options) => void shell.router.navigate(to, options),
        notFound: onNotFound,
        initialData,
      }),
    };
  }
  return slot.current.host;
}
