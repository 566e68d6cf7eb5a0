// A dialog that is one form, sent by the submit button of its footer beside a cancel: step-up, turning two-factor on
// and off. `intro` (the enrolment's QR code and secret) stands above the form.
import { type FormEvent, type ReactNode, useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { HostServices } from 'shared-contracts';
import { Button, type ButtonVariant, Dialog, TextField } from 'remote-kit/ui';
import { useT } from '../i18n/useT';
import styles from './profile.module.css';

export interface FormDialogProps {
  host: HostServices;
  title: string;
  description: string;
  size?: 'sm';
  testId: string;
  cancelTestId?: string;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  submitting: boolean;
  submitTestId: string;
  onCancel(): void;
  onSubmit(): void;
  intro?: ReactNode;
  children: ReactNode;
}

export function FormDialog({
  host,
  title,
  description,
  size,
  testId,
  cancelTestId,
  submitLabel,
  submitVariant,
  submitting,
  submitTestId,
  onCancel,
  onSubmit,
  intro,
  children,
}: FormDialogProps) {
  const t = useT(host);
  const formId = useId();
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const form = (
    <form id={formId} className={styles.form} noValidate onSubmit={send}>
      {children}
    </form>
  );
  return (
    <Dialog
      open
      size={size}
      onClose={onCancel}
      title={title}
      description={description}
      closeLabel={t('close')}
      data-testid={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-testid={cancelTestId}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={submitting} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {intro === undefined ? (
        form
      ) : (
        <div className={styles.stack}>
          {intro}
          {form}
        </div>
      )}
    </Dialog>
  );
}

/** The authenticator's code, or one of the recovery codes (step-up, turning two-factor off). */
export const CodeOrRecoveryField = observer(function CodeOrRecoveryField({
  host,
  store,
  testId,
}: {
  host: HostServices;
  store: { code: string; codeError: string | null; setCode(value: string): void };
  testId: string;
}) {
  const t = useT(host);
  return (
    <TextField
      label={t('twofa_code')}
      hint={t('twofa_code_or_recovery_hint')}
      autoComplete="one-time-code"
      spellCheck={false}
      value={store.code}
      onChange={(e) => store.setCode(e.target.value)}
      error={store.codeError ? t(store.codeError) : undefined}
      data-testid={testId}
    />
  );
});
