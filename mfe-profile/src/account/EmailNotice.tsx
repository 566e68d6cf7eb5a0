// Why an action waits for a confirmed email (issue 24: API keys and withdrawals take effect only for a confirmed
// email), with the way to confirm it: the shell's confirmation dialog mails a code and takes it.
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Button, Card } from 'remote-kit/ui';
import { useT } from '../i18n/useT';
import type { AccountStatusStore } from './AccountStatusStore';
import styles from '../layout/profile.module.css';

export const EmailNotice = observer(function EmailNotice({
  host,
  status,
  reason,
}: {
  host: HostServices;
  status: AccountStatusStore;
  reason: 'email_unconfirmed_keys' | 'email_unconfirmed_withdraw';
}) {
  const t = useT(host);
  return (
    <Card title={t('email_unconfirmed_title')}>
      <div className={styles.stack} data-testid="email-unconfirmed">
        <p className={styles.text}>{t(reason, { email: status.email })}</p>
        <div className={styles.actions}>
          <Button loading={status.confirming} onClick={() => void status.confirmEmail()} data-testid="email-confirm">
            {t('email_confirm')}
          </Button>
        </div>
      </div>
    </Card>
  );
});
