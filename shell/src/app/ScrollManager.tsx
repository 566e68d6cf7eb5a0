import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '../routing/RouterProvider';
import type { ScrollTarget } from '../stores/ScrollStore';
import { useShell } from './ShellContext';

export function applyScroll(target: ScrollTarget) {
  if (target.kind === 'top') window.scrollTo(0, 0);
  else if (target.kind === 'position') window.scrollTo(0, target.y);
  else if (target.kind === 'element') document.getElementById(target.id)?.scrollIntoView?.();
}

/** Feeds every navigation to the ScrollStore (§2); a new page goes to the top at once, the rest waits for the page. */
export function ScrollManager() {
  const { stores } = useShell();
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
