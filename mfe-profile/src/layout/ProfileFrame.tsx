// The personal account's frame: the page title, a tab per §2 profile route, and the tab's content.
// A guest never reaches it through the shell (lk-redirect); the standalone host may show it to one.
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { StaticPage, pageStyles } from 'remote-kit/ui';
import { useT } from '../pages/useT';
import type { en } from '../i18n/en';
import styles from './profile.module.css';

type Key = keyof typeof en;

const PROFILE_TABS: { path: string; titleKey: Key; testId: string }[] = [
  { path: '/profile/info', titleKey: 'info_title', testId: 'tab-info' },
  { path: '/profile/history', titleKey: 'history_title', testId: 'tab-history' },
  { path: '/profile/wallet', titleKey: 'wallet_title', testId: 'tab-wallet' },
  { path: '/profile/withdraw', titleKey: 'withdraw_title', testId: 'tab-withdraw' },
  { path: '/profile/affiliate-program', titleKey: 'affiliate_title', testId: 'tab-affiliate-program' },
  { path: '/profile/cashback', titleKey: 'cashback_title', testId: 'tab-cashback' },
  { path: '/profile/keys', titleKey: 'keys_title', testId: 'tab-keys' },
  { path: '/profile/verification', titleKey: 'verification_title', testId: 'tab-verification' },
];

export const ProfileFrame = observer(function ProfileFrame({ host, titleKey, children }: { host: HostServices; titleKey: Key; children?: ReactNode }) {
  const t = useT(host);
  const { session, Link } = host;
  const current = host.route.path;
  return (
    <StaticPage title={t(titleKey)}>
      <nav className={styles.tabs} aria-label={t('tabs_label')} data-testid="profile-tabs">
        {PROFILE_TABS.map((tab) => (
          <Link key={tab.path} to={tab.path} className={`${styles.tab}${current === tab.path ? ` ${styles.active}` : ''}`} data-testid={tab.testId}>
            {t(tab.titleKey)}
          </Link>
        ))}
      </nav>
      {session.isAuthorised ? (
        children
      ) : (
        <div className={styles.panel}>
          <p className={pageStyles.lead}>{t('sign_in_needed')}</p>
          <button type="button" className={pageStyles.button} onClick={() => session.openLoginDialog()}>
            {t('sign_in')}
          </button>
        </div>
      )}
    </StaticPage>
  );
});
