// Two-factor authentication on the profile (issue 24): enrolment (QR code + the secret as text, a code to turn it on,
// then the recovery codes shown once with copy, download and "I saved them") and turning it off with a code.
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Button, Checkbox, CopyButton, Dialog, QrCode, TextField } from 'remote-kit/ui';
import { CodeOrRecoveryField, FormDialog } from '../../layout/FormDialog';
import { useT } from '../../i18n/useT';
import type { TwoFactorDisableStore } from './TwoFactorDisableStore';
import type { TwoFactorEnrolStore } from './TwoFactorEnrolStore';
import styles from '../../layout/profile.module.css';
import own from './security.module.css';

const RECOVERY_FILE = 'coinferry-recovery-codes.txt';

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const TwoFactorEnrolDialog = observer(function TwoFactorEnrolDialog({ host, store }: { host: HostServices; store: TwoFactorEnrolStore }) {
  const t = useT(host);
  if (!store.open) return null;
  if (store.state === 'codes') {
    const count = store.recoveryCodes.length;
    return (
      <Dialog
        open
        onClose={() => store.cancel()}
        title={t('twofa_codes_title')}
        description={t('twofa_codes_text', { count })}
        data-testid="twofa-codes-dialog"
        footer={
          <Button disabled={!store.saved} onClick={() => store.finish()} data-testid="twofa-codes-done">
            {t('twofa_codes_done')}
          </Button>
        }
      >
        <div className={styles.stack}>
          <ul className={own.codes} data-testid="twofa-recovery-codes">
            {store.recoveryCodes.map((code) => (
              <li key={code} data-testid="twofa-recovery-code">
                {code}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <CopyButton value={store.recoveryCodesText} label={t('twofa_codes_copy')} copiedLabel={t('copied')} showLabel data-testid="twofa-codes-copy" />
            <Button variant="secondary" onClick={() => download(store.recoveryCodesText)} data-testid="twofa-codes-download">
              {t('twofa_codes_download')}
            </Button>
          </div>
          <Checkbox label={t('twofa_codes_saved')} checked={store.saved} onChange={(e) => store.setSaved(e.target.checked)} data-testid="twofa-codes-saved" />
        </div>
      </Dialog>
    );
  }
  const setup = store.setup;
  return (
    <FormDialog
      host={host}
      title={t('twofa_enrol_title')}
      description={t('twofa_enrol_text')}
      testId="twofa-enrol-dialog"
      cancelTestId="twofa-enrol-cancel"
      submitLabel={t('twofa_enable')}
      submitting={store.state === 'enabling'}
      submitTestId="twofa-enable"
      onCancel={() => store.cancel()}
      onSubmit={() => void store.enable()}
      intro={
        setup ? (
          <>
            <QrCode value={setup.otpauthUri} label={t('twofa_qr_label')} testId="twofa-qr" size="lg" />
            <p className={styles.muted}>{t('twofa_secret_hint')}</p>
            <div className={styles.actions}>
              <code className={styles.secret} data-testid="twofa-secret">
                {setup.secret}
              </code>
              <CopyButton value={setup.secret} label={t('twofa_copy_secret')} copiedLabel={t('copied')} data-testid="twofa-secret-copy" />
            </div>
          </>
        ) : null
      }
    >
      <TextField
        label={t('twofa_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={store.code}
        onChange={(e) => store.setCode(e.target.value)}
        error={store.codeError ? t(store.codeError) : undefined}
        data-testid="twofa-enrol-code"
      />
    </FormDialog>
  );
});

export const TwoFactorDisableDialog = observer(function TwoFactorDisableDialog({ host, store }: { host: HostServices; store: TwoFactorDisableStore }) {
  const t = useT(host);
  if (store.state === 'idle') return null;
  return (
    <FormDialog
      host={host}
      size="sm"
      title={t('twofa_disable_title')}
      description={t('twofa_disable_text')}
      testId="twofa-disable-dialog"
      submitLabel={t('twofa_disable')}
      submitVariant="danger"
      submitting={store.state === 'submitting'}
      submitTestId="twofa-disable-confirm"
      onCancel={() => store.cancel()}
      onSubmit={() => void store.submit()}
    >
      <CodeOrRecoveryField host={host} store={store} testId="twofa-disable-code" />
    </FormDialog>
  );
});
