import type { ComponentType } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { ButtonLink } from 'remote-kit/ui';
import { EmptyCard } from '../layout/EmptyCard';
import { ProfileFrame } from '../layout/ProfileFrame';
import { useT } from './useT';
import type { en } from '../i18n/en';
import styles from '../layout/profile.module.css';

type TitleKey = Extract<keyof typeof en, `${string}_title`>;

/** A profile tab whose feature comes in a later release: its frame and an honest, friendly note saying so. */
export function profileSection(titleKey: TitleKey, displayName: string): ComponentType<RemotePageProps> {
  const ProfileSectionPage = observer(function ProfileSectionPage({ host }: RemotePageProps) {
    const t = useT(host);
    const email = host.session.account?.email;
    return (
      <ProfileFrame host={host} titleKey={titleKey}>
        <EmptyCard
          data-testid="profile-coming-later"
          title={t('coming_later_title')}
          actions={
            <ButtonLink variant="secondary" render={(p) => <host.Link to="/profile/history" {...p} />}>
              {t('coming_later_orders')}
            </ButtonLink>
          }
        >
          <p className={styles.text}>{t('next_release')}</p>
          {email && <p className={styles.muted}>{t('signed_in_as', { email })}</p>}
        </EmptyCard>
      </ProfileFrame>
    );
  });
  ProfileSectionPage.displayName = displayName;
  return ProfileSectionPage;
}
