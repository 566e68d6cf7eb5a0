// Wallet (§2 /profile/wallet): the account's balances (available and held by withdrawals on their way), the credits
// it earned (affiliate accruals and cashbacks) and its withdrawals with their states.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { WalletStore } from '../wallet/WalletStore';
import { WalletView } from '../wallet/WalletView';

export const ProfileWalletPage = observer(function ProfileWalletPage({ host }: RemotePageProps) {
  const [store] = useState(() => new WalletStore(host.api));
  const authorised = host.session.isAuthorised;
  useEffect(() => {
    if (!authorised) return;
    store.start();
    return () => store.dispose();
  }, [authorised, store]);
  return (
    <ProfileFrame host={host} titleKey="wallet_title">
      <WalletView host={host} store={store} />
    </ProfileFrame>
  );
});
