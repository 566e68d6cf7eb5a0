import type { ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ProfileFrame } from '../layout/ProfileFrame';
import { useT } from './useT';
import type { en } from '../i18n/en';
import styles from '../layout/profile.module.css';

type TitleKey = Extract<keyof typeof en, `${string}_title`>;

/** A profile tab whose feature comes in a later release: its frame and an honest note saying so. */
export function profileSection(titleKey: TitleKey, displayName: string): ComponentType<RemotePageProps> {
  const ProfileSectionPage = observer(function ProfileSectionPage({ host }: RemotePageProps) {
    const t = useT(host);
    return (
      <ProfileFrame host={host} titleKey={titleKey}>
        <div className={styles.panel} data-testid="profile-coming-later">
          {host.session.account?.email && <p className={styles.muted}>{t('signed_in_as', { email: host.session.account.email })}</p>}
          <p className={styles.muted}>{t('next_release')}</p>
        </div>
      </ProfileFrame>
    );
  });
  ProfileSectionPage.displayName = displayName;
  return ProfileSectionPage;
}
