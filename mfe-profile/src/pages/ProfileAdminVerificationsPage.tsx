// Issue 12: the admin review of identity verifications (`/profile/admin/verifications`, ADMIN permission, §6). A signed-in
// account without the permission gets a card saying so and nothing is sent; an admin gets the pending verifications, and
// one opened shows its data, its document images (served by the admin-only adminKycDocument route, cookie auth), its
// audit log, and Pass / Reject (a dialog asking for the reason, required).
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { namespace } from '../i18n';
import { AdminVerificationsStore } from '../features/admin/AdminVerificationsStore';
import { isAdminAccount } from '../account/isAdminAccount';
import { AdminVerificationsView, Forbidden } from '../features/admin/AdminVerificationsView';

export const ProfileAdminVerificationsPage = observer(function ProfileAdminVerificationsPage({ host }: RemotePageProps) {
  const [store] = useState(
    () =>
      new AdminVerificationsStore({
        api: host.api,
        isAdmin: () => isAdminAccount(host),
        notify: (n) => host.notify(n),
        t: (key) => host.i18n.t(key, { ns: namespace }),
      }),
  );
  const admin = isAdminAccount(host);
  useEffect(() => {
    if (!admin) return;
    void host.trackLoading(store.load());
  }, [admin, host, store]);
  return (
    <ProfileFrame host={host} titleKey="admin_kyc_title">
      {admin ? <AdminVerificationsView host={host} store={store} /> : <Forbidden host={host} />}
    </ProfileFrame>
  );
});
