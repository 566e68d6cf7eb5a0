import { useLayoutEffect, useRef } from 'react';
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
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    // The first page has no page before it to remember (its scrollY is not read: in hydration's commit that read
    // forced a layout of the whole page, issue 27), and it is where the browser put it: at the top, at its anchor, or
    // where a visitor scrolled the server's page before it was live. Only a position saved before a reload is applied.
    const first = firstPage.current;
    firstPage.current = false;
    const target = stores.scroll.navigated({ key: location.key, pathname: location.pathname, hash: location.hash }, action, first ? 0 : window.scrollY);
    if (target.kind === 'top') {
      const top = stores.scroll.take();
      if (!first) applyScroll(top);
    }
  }, [location.key, location.pathname, location.hash, action, stores]);
  return null;
}
