// Affiliate programme (§2 /profile/affiliate-program): the referral link to copy (the home page, and any pair page
// takes the same `ref`), the commission rate, totals, and each referred order's accrual (order ids masked by the server).
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { AffiliateStore } from '../features/affiliate/AffiliateStore';
import { AffiliateView } from '../features/affiliate/AffiliateView';

export const ProfileAffiliatePage = observer(function ProfileAffiliatePage({ host }: RemotePageProps) {
  const [store] = useState(() => new AffiliateStore(host.api));
  // the site's origin is the browser's: read in an effect, so the server render and hydration agree
  const [origin, setOrigin] = useState('');
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    setOrigin(window.location.origin);
    if (!authorised) return;
    void host.trackLoading(store.load());
  }, [authorised, host, store]);
  return (
    <ProfileFrame host={host} titleKey="affiliate_title">
      <AffiliateView host={host} store={store} origin={origin} />
    </ProfileFrame>
  );
});
