// Which page the shell renders for a URL: a pure function of the route match, health and session, so the
// rules of §2 (404, route validity, lk-redirect) and §4 (health gating) are tested without React.
import type { LayoutName, RouteMatch } from '../routing/routes';
import { localePath } from '../routing/routes';
import { lkRedirect, type SessionState } from '../routing/lkRedirect';

export interface PageInput {
  match: RouteMatch | null;
  /** The URL's query string, `?…` or empty (lk-redirect keeps it). */
  search: string;
  /** §4 health: false = the app is disabled (maintenance). */
  healthEnabled: boolean;
  /** The page reported a 404 for this pathname (host.notFound). */
  reportedNotFound: boolean;
  session: SessionState;
}

export type PageResolution =
  | { kind: 'maintenance'; layout: 'non-working' }
  | { kind: 'not-found'; layout: 'default' }
  /** lk-redirect: go to `to` (locale prefix included), replacing the entry. */
  | { kind: 'redirect'; to: string; match: RouteMatch }
  /** lk-redirect waits for the startup account load. */
  | { kind: 'wait'; layout: LayoutName; match: RouteMatch }
  /** A matched route whose validity rule failed or whose page reported a 404: the error page with 404. */
  | { kind: 'error'; layout: LayoutName; match: RouteMatch; statusCode: 404 }
  | { kind: 'remote'; layout: LayoutName; match: RouteMatch };

export function sessionState(session: { readonly isLoading: boolean; readonly isAuthorised: boolean }): SessionState {
  return session.isLoading ? 'loading' : session.isAuthorised ? 'signed-in' : 'guest';
}

export function resolvePage({ match, search, healthEnabled, reportedNotFound, session }: PageInput): PageResolution {
  if (!healthEnabled) return { kind: 'maintenance', layout: 'non-working' };
  if (!match) return { kind: 'not-found', layout: 'default' };
  const layout = match.route.layout;
  if (match.route.middleware === 'lk-redirect') {
    const decision = lkRedirect({ path: match.path, search, session });
    if (decision.kind === 'redirect') return { kind: 'redirect', to: localePath(decision.to, match.locale), match };
    if (decision.kind === 'wait') return { kind: 'wait', layout, match };
  }
  if (!match.valid || reportedNotFound) return { kind: 'error', layout, match, statusCode: 404 };
  return { kind: 'remote', layout, match };
}

/** The document title's key and values (§2 titles); pair codes are shown upper-case. */
export function pageTitle(resolution: PageResolution): { key: string; values?: Record<string, string> } {
  switch (resolution.kind) {
    case 'maintenance':
      return { key: 'titles.maintenance' };
    case 'not-found':
    case 'error':
      return { key: 'titles.notFound' };
    default: {
      const { match } = resolution;
      const values = Object.fromEntries(Object.entries(match.params).map(([k, v]) => [k, k === 'from' || k === 'to' ? v.toUpperCase() : v]));
      return { key: match.route.titleKey, values };
    }
  }
}
