import { useEffect, useRef, useState } from 'react';
import { useLocation } from '../routing/RouterProvider';
import { RedirectLookup } from '../routing/redirectLookup';
import { useShell } from './ShellContext';

/** Redirects followed in a row before the chain is taken for a loop and left alone. */
const MAX_HOPS = 5;

/**
 * §2 global redirect middleware on client navigations: each new path asks the redirect lookup (cached per path); an
 * external redirect leaves the site, an internal one replaces the navigation. The first document was asked by web.
 */
export function RedirectFollower() {
  const shell = useShell();
  const location = useLocation();
  const [lookup] = useState(
    () =>
      new RedirectLookup({
        lookup: (path) => shell.api.redirectLookup({ query: { path } }).then((answer) => answer.redirect),
        now: () => Date.now(),
      }),
  );
  const first = useRef(true);
  const hops = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (location.key), reading that navigation's URL
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    void lookup.actionFor(location.pathname, location.search, location.hash).then((action) => {
      if (!current) return;
      if (!action || hops.current >= MAX_HOPS) {
        hops.current = 0;
        return;
      }
      hops.current += 1;
      if (action.kind === 'leave') shell.leaveSite(action.url);
      else void shell.router.navigate(action.to, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [location.key]);
  return null;
}
