// The router's location as a MobX observable, so that `host.route` can be one observable on a host object
// that never changes while its slot is mounted (DESIGN rule 8).
import { action, computed, makeObservable, observableRef } from 'mobx';
import type { HostRoute } from 'shared-contracts';
import { matchRoute, type RouteMatch } from '../routing/routes';

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

/** Where a slot's page is: its route, and the full pathname (locale prefix included) and hash. */
export interface SlotLocation {
  route: HostRoute;
  pathname: string;
  hash: string;
}

interface Snapshot {
  location: LocationLike;
  match: RouteMatch | null;
  /** Built once per navigation, so `host.route` keeps its identity until the URL changes. */
  slot: SlotLocation | null;
}

function snapshotOf(location: LocationLike): Snapshot {
  const match = matchRoute(location.pathname);
  const slot = match
    ? {
        route: { name: match.name, path: match.path, params: match.params, query: new URLSearchParams(location.search), hash: location.hash },
        pathname: location.pathname,
        hash: location.hash,
      }
    : null;
  return { location: { pathname: location.pathname, search: location.search, hash: location.hash }, match, slot };
}

export class CurrentLocation {
  snapshot: Snapshot;

  constructor(location: LocationLike) {
    this.snapshot = snapshotOf(location);
    makeObservable(this, { snapshot: observableRef, set: action });
  }

  get query(): URLSearchParams {
    return this.snapshot.slot?.route.query ?? new URLSearchParams(this.snapshot.location.search);
  }

  /** Follows the router; call before the first navigation can happen. Returns the unsubscribe. */
  follow(router: { state: { location: LocationLike }; subscribe(listener: (state: { location: LocationLike }) => void): () => void }): () => void {
    this.set(router.state.location);
    return router.subscribe((state) => this.set(state.location));
  }

  set(location: LocationLike): void {
    const { pathname, search, hash } = this.snapshot.location;
    if (location.pathname === pathname && location.search === search && location.hash === hash) return;
    this.snapshot = snapshotOf(location);
  }

  /** Whether the router's current URL is this page (a slot whose page is no longer current is about to unmount). */
  shows(remote: string, page: string): boolean {
    const { match } = this.snapshot;
    return match?.route.remote === remote && match.route.page === page;
  }

  /**
   * The location of one page's slot as an observable getter. While another page is current (the slot is
   * about to unmount, or re-renders a moment before the shell does) it keeps the page's last location
   * rather than another page's params.
   */
  slotLocation(remote: string, page: string): () => SlotLocation {
    let last: SlotLocation | null = null;
    // computed: a navigation to another page does not wake the slot's observers (same object, no change)
    const location = computed(() => {
      const { match, slot } = this.snapshot;
      if (slot && match?.route.remote === remote && match.route.page === page) last = slot;
      return last ?? slot ?? { route: { name: '', path: '/', params: {}, query: new URLSearchParams(), hash: '' }, pathname: '/', hash: '' };
    });
    return () => location.get();
  }
}
