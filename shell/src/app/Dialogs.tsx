import { Suspense, lazy } from 'react';
import { observer } from 'mobx-react-lite';
import { useShell } from './ShellContext';

// The account dialogs are not needed for the first paint: their code loads when one opens.
const AuthDialogs = lazy(() => import(/* webpackChunkName: "auth-dialogs" */ '../dialogs/AuthDialogs'));

export const Dialogs = observer(function Dialogs() {
  const { stores } = useShell();
  const store = stores.dialogs.store;
  if (!store?.open) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs dialogs={store} />
    </Suspense>
  );
});
