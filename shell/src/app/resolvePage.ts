// Which page the shell renders for a URL: a pure function of the route match, health and session, so the
// rules of §2 (404, route validity, lk-redirect) and §4 (health gating) are tested without React.
import type { LayoutName, RouteMatch } from '../routing/routes';
import { localePath, lowerCasedPairPath } from '../routing/routes';
import { lkRedirect, type SessionState } from '../routing/lkRedirect';

export interface PageInput {
  match: RouteMatch | null;
  /** The URL's query string, `?…` or empty (lk-redirect keeps it). */
  search: string;
  /** The URL's hash, `#…` or empty (kept by the pair page's lower-casing). */
  hash?: string;
  /** §4 health: false = the app is disabled (maintenance). */
  healthEnabled: boolean;
  /** The page reported a 404 for this pathname (host.notFound). */
  reportedNotFound: boolean;
  /** The account's state, or how to read it: read only for a page behind lk-redirect (issue 27: a page that reads it
   * is re-rendered whole when the startup account load ends, just after hydration). */
  session: SessionState | (() => SessionState);
}

export type PageResolution =
  | { kind: 'maintenance'; layout: 'non-working' }
  /**
   * §2 404, one page for every not-found: no route (default layout), a failed validity rule or a 404 the page
   * reported (the route's layout).
   */
  | { kind: 'not-found'; layout: LayoutName }
  /** lk-redirect, or the pair page's codes lower-cased: go to `to` (locale prefix included), replacing the entry. */
  | { kind: 'redirect'; to: string; match: RouteMatch }
  /** lk-redirect waits for the startup account load. */
  | { kind: 'wait'; layout: LayoutName; match: RouteMatch }
  | { kind: 'remote'; layout: LayoutName; match: RouteMatch };

export function sessionState(session: { readonly isLoading: boolean; readonly isAuthorised: boolean }): SessionState {
  return session.isLoading ? 'loading' : session.isAuthorised ? 'signed-in' : 'guest';
}

export function resolvePage({ match, search, hash = '', healthEnabled, reportedNotFound, session }: PageInput): PageResolution {
  if (!healthEnabled) return { kind: 'maintenance', layout: 'non-working' };
  if (!match) return { kind: 'not-found', layout: 'default' };
  const layout = match.route.layout;
  const lowerCased = match.route.name === 'exchange-pair' ? lowerCasedPairPath(`${match.prefix}${match.path}`) : null;
  if (lowerCased) return { kind: 'redirect', to: `${lowerCased}${search}${hash}`, match };
  if (match.route.middleware === 'lk-redirect') {
    const decision = lkRedirect({ path: match.path, search, session: typeof session === 'function' ? session() : session });
    if (decision.kind === 'redirect') return { kind: 'redirect', to: localePath(decision.to, match.locale), match };
    if (decision.kind === 'wait') return { kind: 'wait', layout, match };
  }
  if (!match.valid || reportedNotFound) return { kind: 'not-found', layout };
  return { kind: 'remote', layout, match };
}

/** The document title's key and values (§2 titles); pair codes are shown upper-case. */
export function pageTitle(resolution: PageResolution): { key: string; values?: Record<string, string> } {
  switch (resolution.kind) {
    case 'maintenance':
      return { key: 'titles.maintenance' };
    case 'not-found':
      return { key: 'titles.notFound' };
    default: {
      const { match } = resolution;
      const values = Object.fromEntries(Object.entries(match.params).map(([k, v]) => [k, k === 'from' || k === 'to' ? v.toUpperCase() : v]));
      return { key: match.route.titleKey, values };
    }
  }
}
