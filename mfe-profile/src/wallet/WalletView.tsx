import { observer } from 'mobx-react-lite';
import { type HostServices, pagePath } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { Loadable } from 'remote-kit/load';
import { useT } from '../i18n/useT';
import { BalancesCard, CreditsTable, WithdrawalsTable } from './parts';
import type { WalletStore } from './WalletStore';
import styles from '../layout/profile.module.css';

export const WalletView = observer(function WalletView({ host, store }: { host: HostServices; store: WalletStore }) {
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
        <ButtonLink render={(p) => <host.Link to={pagePath('mfe_profile', 'ProfileWithdraw')} {...p} />}>{t('wallet_withdraw')}</ButtonLink>
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
