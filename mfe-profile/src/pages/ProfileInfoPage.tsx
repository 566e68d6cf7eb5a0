// Profile information: email (and whether it is confirmed, with the way to confirm it), user id, access level, sign
// out, change password (by the mailed-code flow), two-factor authentication (on/off, enrol, turn off: issue 24).
import { useEffect, useId, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices, RemotePageProps } from 'shared-contracts';
import { Badge, Button, Card } from 'remote-kit/ui';
import { ProfileFrame } from '../layout/ProfileFrame';
import { useT } from '../i18n/useT';
import { createAccountStores } from '../account/accountStores';
import { TwoFactorCard } from '../features/security/TwoFactorCard';
import { TwoFactorDisableStore } from '../features/security/TwoFactorDisableStore';
import { TwoFactorEnrolStore } from '../features/security/TwoFactorEnrolStore';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import styles from '../layout/profile.module.css';

/** The page's stores: the account's status, step-up, and the two two-factor flows. */
function makeStores(host: HostServices) {
  const { status, stepUp } = createAccountStores(host);
  const enrol = new TwoFactorEnrolStore({ api: host.api, stepUp, onEnabled: () => status.setTwoFactorEnabled(true) });
  const disable = new TwoFactorDisableStore({ api: host.api, stepUp, onDisabled: () => status.setTwoFactorEnabled(false) });
  return { status, stepUp, enrol, disable };
}

export const ProfileInfoPage = observer(function ProfileInfoPage({ host }: RemotePageProps) {
  const t = useT(host);
  const hintId = useId();
  const [{ status, stepUp, enrol, disable }] = useState(() => makeStores(host));
  const { session } = host;
  const account = session.account;
  useEffect(() => {
    if (account) void status.refreshIfUnconfirmed();
  }, [account, status]);
  return (
    <ProfileFrame host={host} titleKey="info_title">
      {account && (
        <div className={styles.panel} data-testid="profile-info">
          <Card title={t('info_account_title')}>
            <dl className={styles.facts}>
              <dt>{t('info_email')}</dt>
              <dd className={styles.stack}>
                <span data-testid="profile-email">{account.email}</span>
                <span className={styles.actions} data-testid="profile-email-status" data-confirmed={String(status.emailConfirmed)}>
                  <Badge tone={status.emailConfirmed ? 'success' : 'warning'}>
                    {t(status.emailConfirmed ? 'info_email_confirmed' : 'info_email_unconfirmed')}
                  </Badge>
                  {status.emailConfirmed ? null : (
                    <Button size="sm" variant="secondary" loading={status.confirming} onClick={() => void status.confirmEmail()} data-testid="email-confirm">
                      {t('email_confirm')}
                    </Button>
                  )}
                </span>
                {status.emailConfirmed ? null : <span className={styles.muted}>{t('info_email_unconfirmed_hint')}</span>}
              </dd>
              <dt>{t('info_user_id')}</dt>
              <dd data-testid="profile-user-id">{account.userId}</dd>
              <dt>{t('info_role')}</dt>
              <dd>{t(session.isAdmin ? 'info_role_admin' : 'info_role_user')}</dd>
            </dl>
          </Card>
          <Card title={t('info_security_title')}>
            <div className={styles.stack}>
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
            </div>
          </Card>
          <TwoFactorCard host={host} status={status} enrol={enrol} disable={disable} />
          <StepUpDialog host={host} store={stepUp} />
        </div>
      )}
    </ProfileFrame>
  );
});
