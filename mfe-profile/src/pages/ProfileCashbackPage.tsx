// Cashback (§2 /profile/cashback, with its accruals history tab): the published tiers, the account's 30-day volume
// and current rate, and the cashback each of its completed orders earned.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { CashbackStore } from '../features/cashback/CashbackStore';
import { CashbackOverview } from '../features/cashback/CashbackOverview';

export const ProfileCashbackPage = observer(function ProfileCashbackPage({ host }: RemotePageProps) {
  const [store] = useState(() => new CashbackStore(host.api, host.route.query.get('tab') === 'history' ? 'history' : 'program'));
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    if (!authorised) return;
    void host.trackLoading(store.load());
  }, [authorised, host, store]);
  return (
    <ProfileFrame host={host} titleKey="cashback_title">
      <CashbackOverview host={host} store={store} />
    </ProfileFrame>
  );
});
