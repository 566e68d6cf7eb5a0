// The step-up dialog (issue 24): the password again, and the authenticator (or a recovery) code when two-factor is on.
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { TextField } from 'remote-kit/ui';
import { useT } from '../i18n/useT';
import { CodeOrRecoveryField, FormDialog } from '../layout/FormDialog';
import type { StepUpStore } from './StepUpStore';
import styles from '../layout/profile.module.css';

export const StepUpDialog = observer(function StepUpDialog({ host, store }: { host: HostServices; store: StepUpStore }) {
  const t = useT(host);
  if (!store.open) return null;
  return (
    <FormDialog
      host={host}
      size="sm"
      title={t('stepup_title')}
      description={t(store.needsCode ? 'stepup_text_two_factor' : 'stepup_text')}
      testId="step-up-dialog"
      cancelTestId="step-up-cancel"
      submitLabel={t('stepup_submit')}
      submitting={store.state === 'submitting'}
      submitTestId="step-up-submit"
      onCancel={() => store.cancel()}
      onSubmit={() => void store.submit()}
    >
      <TextField
        label={t('stepup_password')}
        type="password"
        autoComplete="current-password"
        value={store.password}
        onChange={(e) => store.setPassword(e.target.value)}
        error={store.passwordError ? t(store.passwordError) : undefined}
        data-testid="step-up-password"
      />
      {store.needsCode ? <CodeOrRecoveryField host={host} store={store} testId="step-up-code" /> : null}
      {store.formError ? (
        <p className={styles.text} role="alert" data-testid="step-up-error">
          {t(store.formError)}
        </p>
      ) : null}
    </FormDialog>
  );
});
