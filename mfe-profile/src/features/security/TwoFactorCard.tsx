// Two-factor authentication on the profile (issue 24): whether it is on, the way to turn it on (enrolment) or off, and
// their dialogs.
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Badge, Button, Card } from 'remote-kit/ui';
import { useT } from '../../i18n/useT';
import type { AccountStatusStore } from '../../account/AccountStatusStore';
import { TwoFactorDisableDialog, TwoFactorEnrolDialog } from './TwoFactorDialogs';
import type { TwoFactorDisableStore } from './TwoFactorDisableStore';
import type { TwoFactorEnrolStore } from './TwoFactorEnrolStore';
import styles from '../../layout/profile.module.css';

export const TwoFactorCard = observer(function TwoFactorCard({
  host,
  status,
  enrol,
  disable,
}: {
  host: HostServices;
  status: AccountStatusStore;
  enrol: TwoFactorEnrolStore;
  disable: TwoFactorDisableStore;
}) {
  const t = useT(host);
  return (
    <>
      <Card title={t('twofa_title')}>
        <div className={styles.stack} data-testid="profile-two-factor" data-enabled={String(status.twoFactorEnabled)}>
          <p className={styles.actions}>
            <Badge tone={status.twoFactorEnabled ? 'success' : 'neutral'}>{t(status.twoFactorEnabled ? 'twofa_on' : 'twofa_off')}</Badge>
          </p>
          <p className={styles.muted}>{t(status.twoFactorEnabled ? 'twofa_on_hint' : 'twofa_off_hint')}</p>
          {enrol.error ? (
            <p className={styles.text} role="alert" data-testid="twofa-error">
              {t(enrol.error)}
            </p>
          ) : null}
          <div className={styles.actions}>
            {status.twoFactorEnabled ? (
              <Button variant="secondary" onClick={() => disable.open()} data-testid="twofa-disable">
                {t('twofa_disable')}
              </Button>
            ) : (
              <Button loading={enrol.state === 'starting'} onClick={() => void enrol.start()} data-testid="twofa-start">
                {t('twofa_start')}
              </Button>
            )}
          </div>
        </div>
      </Card>
      <TwoFactorEnrolDialog host={host} store={enrol} />
      <TwoFactorDisableDialog host={host} store={disable} />
    </>
  );
});
