// Wallet (§2 /profile/wallet): the account's balances (available and held by withdrawals on their way), the credits
// it earned (affiliate accruals and cashbacks) and its withdrawals with their states.
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { ProfileFrame } from '../layout/ProfileFrame';
import { Loadable } from 'remote-kit/load';
import { useT } from '../i18n/useT';
import { BalancesCard, CreditsTable, WithdrawalsTable } from '../features/wallet/parts';
import { WalletStore } from '../features/wallet/WalletStore';
import styles from '../layout/profile.module.css';

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
      <WalletBody host={host} store={store} />
    </ProfileFrame>
  );
});

const WalletBody = observer(function WalletBody({ host, store }: { host: HostServices; store: WalletStore }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      testId="wallet"
      loadingLabel={t('wallet_loading')}
      errorMessage={t('wallet_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.load()}
    >
      <BalancesCard host={host} store={store} />
      <div className={styles.actions}>
        <ButtonLink render={(p) => <host.Link to="/profile/withdraw" {...p} />}>{t('wallet_withdraw')}</ButtonLink>
      </div>
      <CreditsTable
        host={host}
        entries={store.credits}
        caption={t('credits_caption')}
        empty={t('credits_empty')}
        data-testid="credits-table"
        rowTestId="credit-row"
      />
      <WithdrawalsTable host={host} store={store} />
    </Loadable>
  );
});
