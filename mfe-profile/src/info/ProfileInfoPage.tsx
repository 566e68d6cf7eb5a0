// Profile information: email, user id, access level, sign out, change password (by the mailed-code flow).
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { RemotePageProps } from 'shared-contracts';
import { Button, Card } from 'remote-kit/ui';
import { ProfileFrame } from '../layout/ProfileFrame';
import { useT } from '../pages/useT';
import styles from '../layout/profile.module.css';

export const ProfileInfoPage = observer(function ProfileInfoPage({ host }: RemotePageProps) {
  const t = useT(host);
  const hintId = useId();
  const { session } = host;
  const account = session.account;
  return (
    <ProfileFrame host={host} titleKey="info_title">
      {account && (
        <div className={styles.panel} data-testid="profile-info">
          <Card title={t('info_account_title')}>
            <dl className={styles.facts}>
              <dt>{t('info_email')}</dt>
              <dd data-testid="profile-email">{account.email}</dd>
              <dt>{t('info_user_id')}</dt>
              <dd data-testid="profile-user-id">{account.userId}</dd>
              <dt>{t('info_role')}</dt>
              <dd>{t(session.isAdmin ? 'info_role_admin' : 'info_role_user')}</dd>
            </dl>
          </Card>
          <Card title={t('info_security_title')}>
            <p className={styles.muted} id={hintId}>
              {t('info_change_password_hint')}
            </p>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                data-testid="profile-change-password"
                aria-describedby={hintId}
                onClick={() => session.openRestorePasswordDialog(account.email)}
              >
                {t('info_change_password')}
              </Button>
              <Button variant="ghost" data-testid="profile-sign-out" onClick={() => void session.logout()}>
                {t('info_sign_out')}
              </Button>
            </div>
          </Card>
        </div>
      )}
    </ProfileFrame>
  );
});
