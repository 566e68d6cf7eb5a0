import type { ComponentType } from 'react';
import type { RemotePageProps } from 'shared-contracts';
import { StaticPage, pageStyles as styles } from 'remote-kit/ui';
import { useT } from './useT';
import { resources } from '../i18n';

type TitleKey = Extract<keyof (typeof resources)['en'], `${string}_title`>;

/** One profile tab: its title, who is signed in (from the shell's session), and an honest note. */
export function profileSection(titleKey: TitleKey, displayName: string): ComponentType<RemotePageProps> {
  function ProfileSectionPage({ host }: RemotePageProps) {
    const t = useT(host);
    const { session } = host;
    return (
      <StaticPage title={t(titleKey)}>
        {session.isAuthorised ? (
          session.account?.email ? <p className={styles.muted}>{t('signed_in_as', { email: session.account.email })}</p> : null
        ) : (
          <>
            <p className={styles.lead}>{t('sign_in_needed')}</p>
            <button type="button" className={styles.button} onClick={() => session.openLoginDialog()}>
              {t('sign_in')}
            </button>
          </>
        )}
        <p className={styles.muted}>{t('next_release')}</p>
      </StaticPage>
    );
  }
  ProfileSectionPage.displayName = displayName;
  return ProfileSectionPage;
}
