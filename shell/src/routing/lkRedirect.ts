// lk-redirect (§2 hides its rule; §6 "profile routes imply a signed-in user"). Our rule:
// - `/lk` → `/profile/info` for a signed-in user;
// - `/lk` or any `/profile/*` visited by a guest → the localised home with the login dialog open
//   (`?login=1&next=<page asked for>`), and after signing in the user lands on that page;
// - while the startup account load runs, the decision waits.
// Paths here carry no locale prefix; the caller adds it, so the rule is the same under /ru.
import { pagePath } from 'shared-contracts';

export type SessionState = 'loading' | 'guest' | 'signed-in';

export type LkDecision = { kind: 'render' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

const LK_PATH = '/lk';
const LK_HOME = pagePath('mfe_profile', 'ProfileInfo');
export const LOGIN_QUERY = 'login';
export const NEXT_QUERY = 'next';

export function isAccountPath(path: string): boolean {
  return path === LK_PATH || path.startsWith('/profile/');
}

export function lkRedirect(input: { path: string; search: string; session: SessionState }): LkDecision {
  const { path, search, session } = input;
  if (!isAccountPath(path)) return { kind: 'render' };
  if (session === 'loading') return { kind: 'wait' };
  const asked = path === LK_PATH ? `${LK_HOME}${search}` : `${path}${search}`;
  if (session === 'signed-in') return path === LK_PATH ? { kind: 'redirect', to: asked } : { kind: 'render' };
  return { kind: 'redirect', to: loginHomePath(asked) };
}

/** The home page with the login dialog open and the page to return to. */
export function loginHomePath(next: string): string {
  const query = new URLSearchParams({ [LOGIN_QUERY]: '1', [NEXT_QUERY]: next });
  return `/?${query.toString()}`;
}

/** Only a same-site path without a locale prefix may be a `next` target (no open redirects). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(next)) return null;
  if (next === '/ru' || next.startsWith('/ru/') || next.startsWith('/ru?')) return null;
  return next;
}

/** What the home page does with `?login=1&next=…` once the session is known. */
export function loginQueryAction(
  query: URLSearchParams,
  session: SessionState,
): { kind: 'none' } | { kind: 'open-login'; next: string | null } | { kind: 'go'; to: string } {
  if (query.get(LOGIN_QUERY) !== '1' || session === 'loading') return { kind: 'none' };
  const next = safeNextPath(query.get(NEXT_QUERY));
  if (session === 'signed-in') return next ? { kind: 'go', to: next } : { kind: 'none' };
  return { kind: 'open-login', next };
}
