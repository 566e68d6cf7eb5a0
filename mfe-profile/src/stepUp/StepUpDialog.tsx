// The step-up dialog (issue 24): the password again, and the authenticator (or a recovery) code when two-factor is on.
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Button, Dialog, TextField } from 'remote-kit/ui';
import { useT } from '../i18n/useT';
import type { StepUpStore } from './StepUpStore';
import styles from '../layout/profile.module.css';

export const StepUpDialog = observer(function StepUpDialog({ host, store }: { host: HostServices; store: StepUpStore }) {
  const t = useT(host);
  const formId = useId();
  if (!store.open) return null;
  return (
    <Dialog
      open
      size="sm"
      onClose={() => store.cancel()}
      title={t('stepup_title')}
      description={t(store.needsCode ? 'stepup_text_two_factor' : 'stepup_text')}
      closeLabel={t('close')}
      data-testid="step-up-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => store.cancel()} data-testid="step-up-cancel">
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} loading={store.state === 'submitting'} data-testid="step-up-submit">
            {t('stepup_submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void store.submit();
        }}
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
        {store.needsCode ? (
          <TextField
            label={t('twofa_code')}
            hint={t('twofa_code_or_recovery_hint')}
            autoComplete="one-time-code"
            spellCheck={false}
            value={store.code}
            onChange={(e) => store.setCode(e.target.value)}
            error={store.codeError ? t(store.codeError) : undefined}
            data-testid="step-up-code"
          />
        ) : null}
        {store.formError ? (
          <p className={styles.text} role="alert" data-testid="step-up-error">
            {t(store.formError)}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
});
