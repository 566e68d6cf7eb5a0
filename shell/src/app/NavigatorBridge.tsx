import { useLayoutEffect } from 'react';
import { useNavigate } from '../routing/RouterProvider';
import { useShell } from './ShellContext';

/** Lets stores navigate (logout → home, sign-in → the page asked for) through the router. */
export function NavigatorBridge() {
  const { stores } = useShell();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    stores.navigator = { go: (path, options) => void navigate(path, options) };
  }, [stores, navigate]);
  return null;
}
