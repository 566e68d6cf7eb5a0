// React's side of router.ts: the provider, the hooks, <Link> and <Navigate> the shell uses (issue 27: these replace
// react-router's). As react-router's RouterProvider did, a navigation renders as a transition.
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { pathOf, type NavigateOptions, type NavigationType, type Router, type RouterLocation, type RouterState } from './router';

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);

function useRouterContext(): { router: Router; state: RouterState } {
  const context = useContext(RouterContext);
  if (!context) throw new Error('RouterProvider missing');
  return context;
}

export function RouterProvider({ router, children }: { router: Router; children: ReactNode }) {
  const [state, setState] = useState(router.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once per router; `state` is only compared at that moment
  useLayoutEffect(() => {
    const stop = router.subscribe((next) => startTransition(() => setState(next)));
    // a navigation between the first render and this subscription
    if (router.state !== state) startTransition(() => setState(router.state));
    return stop;
  }, [router]);
  return <RouterContext.Provider value={{ router, state }}>{children}</RouterContext.Provider>;
}

export function useLocation(): RouterLocation {
  return useRouterContext().state.location;
}

export function useNavigationType(): NavigationType {
  return useRouterContext().state.historyAction;
}

/** The router's navigate: the same function for the router's lifetime. */
export function useNavigate(): Router['navigate'] {
  const { router } = useRouterContext();
  const [navigate] = useState(() => (to: string | number, options?: NavigateOptions) => router.navigate(to, options));
  return navigate;
}

/** Navigates once rendered (in an effect: never during a render, never on the server). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this site. */
  to: string;
  /** Replaces the current history entry; by default a link to the current URL replaces, any other pushes. */
  replace?: boolean;
}

/** An `<a href>` whose plain left click is a client navigation; a modified click, or another target, is the browser's. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { router, state } = useRouterContext();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void router.navigate(to, { replace: replace ?? pathOf(state.location) === pathOf(router.resolve(to)) });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
