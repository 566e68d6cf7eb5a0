import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useNavigate } from '../routing/RouterProvider';
import { localePath } from '../routing/routes';
import { LOGIN_QUERY, NEXT_QUERY, loginQueryAction } from '../routing/lkRedirect';
import { sessionState } from './resolvePage';
import { useShell } from './ShellContext';

/** lk-redirect's other half: `?login=1&next=…` opens the login dialog, or goes on once signed in. */
export const LoginQuery = observer(function LoginQuery() {
  const { stores } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const state = sessionState(stores.session);
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const action = loginQueryAction(query, state);
    if (action.kind === 'open-login') {
      stores.dialogs.openLogin(action.next);
      query.delete(LOGIN_QUERY);
      query.delete(NEXT_QUERY);
      const qs = query.toString();
      void navigate(`${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`, { replace: true });
    } else if (action.kind === 'go') {
      void navigate(localePath(action.to, stores.locale.current), { replace: true });
    }
  }, [location.search, location.pathname, location.hash, state, stores, navigate]);
  return null;
});
