// The personal account's frame: the page title, a navigation tab per §2 profile route, and the tab's content as
// its tab panel. A guest never reaches it through the shell (lk-redirect); the standalone host may show it to one.
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { type HostServices, pagePath } from 'shared-contracts';
import { Button, Card, StaticPage, type TabItem, type TabLinkProps, Tabs } from 'remote-kit/ui';
import { useT } from '../i18n/useT';
import type { en } from '../i18n/en';
import { isAdminAccount } from '../account/isAdminAccount';
import styles from './profile.module.css';

type Key = keyof typeof en;

/** `id` is the route's path after `/profile/` (`/` → `-`); the tab's `data-testid` is `tab-{id}` (e2e); `admin`: shown to admins only (§6). */
const PROFILE_TABS: { id: string; path: string; titleKey: Key; admin?: true }[] = [
  { id: 'info', path: pagePath('mfe_profile', 'ProfileInfo'), titleKey: 'info_title' },
  { id: 'history', path: pagePath('mfe_profile', 'ProfileHistory'), titleKey: 'history_title' },
  { id: 'wallet', path: pagePath('mfe_profile', 'ProfileWallet'), titleKey: 'wallet_title' },
  { id: 'withdraw', path: pagePath('mfe_profile', 'ProfileWithdraw'), titleKey: 'withdraw_title' },
  { id: 'affiliate-program', path: pagePath('mfe_profile', 'ProfileAffiliate'), titleKey: 'affiliate_title' },
  { id: 'cashback', path: pagePath('mfe_profile', 'ProfileCashback'), titleKey: 'cashback_title' },
  { id: 'keys', path: pagePath('mfe_profile', 'ProfileKeys'), titleKey: 'keys_title' },
  { id: 'verification', path: pagePath('mfe_profile', 'ProfileVerification'), titleKey: 'verification_title' },
  { id: 'admin-verifications', path: pagePath('mfe_profile', 'ProfileAdminVerifications'), titleKey: 'admin_kyc_title', admin: true },
];

const TABS_ID = 'profile-tab';
const PANEL_ID = 'profile-panel';

/** A plain click (not one that opens a new tab or window) is handled inside the site. */
function isPlainClick(e: MouseEvent): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export const ProfileFrame = observer(function ProfileFrame({ host, titleKey, children }: { host: HostServices; titleKey: Key; children?: ReactNode }) {
  const t = useT(host);
  const { session } = host;
  // an admin-only tab is shown to an admin, and to anyone on its page (whose panel it names: the page says it is admins' only)
  const tabs = isAdminAccount(host) ? PROFILE_TABS : PROFILE_TABS.filter((tab) => !tab.admin || tab.titleKey === titleKey);
  const current = tabs.find((tab) => tab.titleKey === titleKey)?.id ?? tabs[0].id;
  // On a phone the tab row scrolls sideways: bring the page's own tab into its view (the row only, never the page).
  useEffect(() => {
    const tab = document.getElementById(`${TABS_ID}-${current}`);
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const left = tab.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    list.scrollLeft = left - (list.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
  const items: TabItem[] = tabs.map((tab) => ({
    id: tab.id,
    label: t(tab.titleKey),
    href: tab.path,
    panelId: tab.id === current ? PANEL_ID : undefined,
  }));
  // The host's Link takes only `to`, `className` and a test id, and a tab needs its role, selection, id and roving
  // tabindex: so the tab is the link itself, and a plain click navigates through the host (the locale prefix is the host's).
  const renderLink = (item: TabItem, { href, onClick, children: label, ...props }: TabLinkProps) => (
    <a
      {...props}
      href={`${host.locale.prefix}${href}`}
      data-testid={`tab-${item.id}`}
      onClick={(e) => {
        onClick();
        if (!isPlainClick(e)) return;
        e.preventDefault();
        if (item.id !== current) host.navigate(href);
      }}
    >
      {label}
    </a>
  );
  return (
    <StaticPage title={t(titleKey)}>
      <Tabs id={TABS_ID} ariaLabel={t('tabs_label')} items={items} value={current} renderLink={renderLink} />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={`${TABS_ID}-${current}`} className={styles.panel}>
        {session.isAuthorised ? (
          children
        ) : (
          <Card title={t('sign_in_title')}>
            <p className={styles.text}>{t('sign_in_needed')}</p>
            <div className={styles.actions}>
              <Button onClick={() => session.openLoginDialog()}>{t('sign_in')}</Button>
            </div>
          </Card>
        )}
      </div>
    </StaticPage>
  );
});
