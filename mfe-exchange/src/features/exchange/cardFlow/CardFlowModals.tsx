// The dialogs of the §4 card flow: the card-flow dialog (its steps: signing up with the provider, the email code,
// checking the verification) and the KYC redirect modal (§2, type kyc) with the provider's KYC page in a new tab while
// the result is polled. Closing either stops the flow (CardFlowStore.close). They render only while the flow runs.
import { useEffect, useId, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { TFunction } from 'i18next';
import { Button, ButtonLink, Dialog, RedirectModal, Spinner, TextField } from 'remote-kit/ui';
import type { CardFlowStore } from './CardFlowStore';
import styles from './CardFlow.module.css';

export const CardFlowModals = observer(function CardFlowModals({ flow, t }: { flow: CardFlowStore; t: TFunction }) {
  const close = () => flow.close();
  if (flow.modal === 'kyc' && flow.kycUrl) {
    return (
      <RedirectModal
        onClose={close}
        title={t('kyc_redirect_title')}
        closeLabel={t('close')}
        dismissLabel={t('card_flow_cancel')}
        dismissTestId="kyc-redirect-cancel"
        data-testid="kyc-redirect-modal"
      >
        <div className={styles.body}>
          <p className={styles.text}>{t('kyc_redirect_text')}</p>
          <ButtonLink href={flow.kycUrl} target="_blank" rel="noopener" block data-testid="kyc-redirect-link">
            {t('kyc_redirect_link')}
          </ButtonLink>
          <Status text={t('kyc_redirect_waiting')} testId="kyc-redirect-waiting" />
        </div>
      </RedirectModal>
    );
  }
  if (flow.modal !== 'card') return null;
  return (
    <Dialog
      open
      onClose={close}
      title={t('card_flow_title')}
      closeLabel={t('close')}
      size="sm"
      data-testid="card-flow-modal"
      footer={
        <Button variant="secondary" onClick={close} data-testid="card-flow-cancel">
          {t('card_flow_cancel')}
        </Button>
      }
    >
      {flow.step === 'email' ? (
        <EmailStep flow={flow} t={t} />
      ) : (
        <div className={styles.body}>
          <Status text={t(flow.step === 'signingUp' ? 'card_flow_signing_up' : 'card_flow_checking')} testId={`card-flow-step-${flow.step}`} />
        </div>
      )}
    </Dialog>
  );
});

function Status({ text, testId }: { text: string; testId: string }) {
  return (
    <p className={styles.status} role="status" data-testid={testId}>
      <Spinner size="sm" />
      <span>{text}</span>
    </p>
  );
}

/** The code mailed to the account email: confirmed with the site, then the flow checks the provider's contacts at once. */
const EmailStep = observer(function EmailStep({ flow, t }: { flow: CardFlowStore; t: TFunction }) {
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  // the dialog was already open (signing up) when this step came: the code field takes the focus now
  useEffect(() => codeRef.current?.focus(), []);
  return (
    <form
      className={styles.codeForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void flow.submitCode();
      }}
      data-testid="card-flow-step-email"
    >
      <p className={styles.text}>{t('card_flow_email_text', { email: flow.email })}</p>
      <TextField
        ref={codeRef}
        id={`${id}-code`}
        label={t('card_flow_email_code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={flow.code}
        onChange={(e) => flow.setCode(e.target.value)}
        error={
          flow.codeError ? (
            <span role="alert" data-testid="card-flow-email-code-error">
              {t(flow.codeError)}
            </span>
          ) : undefined
        }
        data-testid="card-flow-email-code"
      />
      <Button type="submit" block loading={flow.isSubmittingCode} data-testid="card-flow-email-submit">
        {t('card_flow_email_submit')}
      </Button>
      <p className={styles.status}>{t('card_flow_email_waiting')}</p>
    </form>
  );
});
