// The view of ProfileVerificationPage inside its frame (the page owns the stores and their lifecycle).
import { type FormEvent, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { type HostServices, IDENTITY_TYPES } from 'shared-contracts';
import { Button, Card, Checkbox, Select, Stepper, TextField, UploadField } from 'remote-kit/ui';
import { Loadable } from 'remote-kit/load';
import { intlLocale } from '../../lib/locale';
import { useT } from '../../i18n/useT';
import { countryOptions } from './countries';
import { KYC_IMAGE_TYPES, type KycErrorKey, type KycField, type KycFileField, type KycTextField } from './kycForm';
import type { VerificationStore } from './VerificationStore';
import styles from '../../layout/profile.module.css';

/** The form's steps grouped by the indicator's stage they belong to (§4): the card says "part n of total" of that stage. */
const STAGE_PARTS = {
  RESIDENTIAL: { stage: 'kyc_indicator_details', n: 1, total: 3 },
  TYPE_ID: { stage: 'kyc_indicator_details', n: 2, total: 3 },
  PERSONAL_INFO: { stage: 'kyc_indicator_details', n: 3, total: 3 },
  GET_READY: { stage: 'kyc_indicator_documents', n: 1, total: 2 },
  UPLOADING_DOCS: { stage: 'kyc_indicator_documents', n: 2, total: 2 },
} as const;

export const VerificationView = observer(function VerificationView({ host, store }: { host: HostServices; store: VerificationStore }) {
  const t = useT(host);
  return (
    <Loadable
      status={store.loadState.status}
      testId="verification"
      loadingLabel={t('kyc_loading')}
      errorMessage={t('kyc_error')}
      retryLabel={t('retry')}
      onRetry={() => void store.loadStatus()}
    >
      <VerificationContent host={host} store={store} />
    </Loadable>
  );
});

const VerificationContent = observer(function VerificationContent({ host, store }: { host: HostServices; store: VerificationStore }) {
  const t = useT(host);
  const index = store.indicator;
  const steps = [
    { id: '0', label: t('kyc_indicator_details') },
    { id: '1', label: t('kyc_indicator_documents') },
    { id: '2', label: t('kyc_indicator_decision') },
    { id: '3', label: t('kyc_indicator_verified') },
  ];
  const rejected = store.step === 'NONE' && store.status === 'REJECT';
  return (
    <>
      <div data-testid="verification-indicator" data-index={index}>
        <Stepper
          steps={steps}
          current={String(index)}
          status={index === 3 ? 'done' : rejected ? 'error' : 'active'}
          ariaLabel={t('kyc_indicator_label')}
          doneLabel={t('kyc_indicator_done')}
          errorLabel={t('kyc_indicator_failed')}
        />
      </div>
      {store.step === 'NONE' ? <StatusCard host={host} store={store} /> : <StepCard host={host} store={store} />}
    </>
  );
});

const StatusCard = observer(function StatusCard({ host, store }: { host: HostServices; store: VerificationStore }) {
  const t = useT(host);
  const text = {
    NOT_STARTED: t('kyc_status_not_started'),
    CREATED: t('kyc_status_created'),
    PROCESS: t('kyc_status_process'),
    PASS: t('kyc_status_pass'),
    REJECT: t('kyc_status_reject'),
  }[store.status];
  return (
    <Card title={t('kyc_status_title')}>
      <div className={styles.stack} data-testid="verification-status" data-status={store.status}>
        <p className={styles.text}>{text}</p>
        {store.status === 'REJECT' && store.rejectReason ? (
          <p className={styles.text} data-testid="verification-reject-reason">
            {t('kyc_reject_reason', { reason: store.rejectReason })}
          </p>
        ) : null}
      </div>
      {store.canStart ? (
        <div className={styles.actions}>
          <Button onClick={() => store.start()} data-testid="verification-start">
            {store.status === 'REJECT' ? t('kyc_try_again') : t('kyc_start')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
});

const TITLE_OF = {
  RESIDENTIAL: 'kyc_residential_title',
  TYPE_ID: 'kyc_type_title',
  PERSONAL_INFO: 'kyc_personal_title',
  GET_READY: 'kyc_ready_title',
  UPLOADING_DOCS: 'kyc_docs_title',
} as const;

const StepCard = observer(function StepCard({ host, store }: { host: HostServices; store: VerificationStore }) {
  const t = useT(host);
  const step = store.step as keyof typeof TITLE_OF;
  const last = step === 'UPLOADING_DOCS';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (last) void store.submit();
    else store.next();
  };
  return (
    <Card
      title={t(TITLE_OF[step])}
      actions={
        <span className={styles.muted} data-testid="verification-part">
          {t('kyc_stage_part', { stage: t(STAGE_PARTS[step].stage), n: STAGE_PARTS[step].n, total: STAGE_PARTS[step].total })}
        </span>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="verification-step" data-step={step}>
        {step === 'RESIDENTIAL' ? <ResidentialStep host={host} store={store} /> : null}
        {step === 'TYPE_ID' ? <TypeStep host={host} store={store} /> : null}
        {step === 'PERSONAL_INFO' ? <PersonalStep host={host} store={store} /> : null}
        {step === 'GET_READY' ? <ReadyStep host={host} store={store} /> : null}
        {last ? <DocsStep host={host} store={store} /> : null}
        {store.submitError ? (
          <p className={styles.text} role="alert" data-testid="verification-submit-error">
            {t(store.submitError)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={() => store.back()} disabled={store.submitting} data-testid="verification-back">
            {t('kyc_back')}
          </Button>
          {last ? (
            <Button type="submit" loading={store.submitting} data-testid="verification-submit">
              {t('kyc_submit')}
            </Button>
          ) : (
            <Button type="submit" data-testid="verification-next">
              {t('kyc_next')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
});

type StepProps = { host: HostServices; store: VerificationStore };

function useErr(host: HostServices, store: VerificationStore) {
  const t = useT(host);
  return (field: KycField) => {
    const key: KycErrorKey | undefined = store.errors[field];
    return key ? t(key) : undefined;
  };
}

const ResidentialStep = observer(function ResidentialStep({ host, store }: StepProps) {
  const t = useT(host);
  const err = useErr(host, store);
  const countries = useMemo(() => countryOptions(intlLocale(host)), [host]);
  return (
    <>
      <p className={styles.muted}>{t('kyc_residential_text')}</p>
      <Select
        label={t('kyc_residence')}
        options={[{ value: '', label: t('kyc_country_placeholder'), disabled: true }, ...countries]}
        value={store.residenceCountry}
        onChange={(e) => store.setText('residenceCountry', e.target.value)}
        error={err('residenceCountry')}
        autoComplete="country"
        data-testid="kyc-residence"
      />
    </>
  );
});

const TypeStep = observer(function TypeStep({ host, store }: StepProps) {
  const t = useT(host);
  const err = useErr(host, store);
  return (
    <>
      <p className={styles.muted}>{t('kyc_type_text')}</p>
      <Select
        label={t('kyc_type')}
        options={IDENTITY_TYPES.map((type) => ({ value: type, label: t(`kyc_type_${type}`) }))}
        value={store.identityType}
        onChange={(e) => store.setIdentityType(e.target.value)}
        error={err('identityType')}
        data-testid="kyc-type"
      />
    </>
  );
});

const PersonalStep = observer(function PersonalStep({ host, store }: StepProps) {
  const t = useT(host);
  const err = useErr(host, store);
  const countries = useMemo(() => countryOptions(intlLocale(host)), [host]);
  const text = (field: KycTextField, label: string, testId: string, extra: Record<string, string> = {}) => (
    <TextField label={label} value={store[field]} onChange={(e) => store.setText(field, e.target.value)} error={err(field)} data-testid={testId} {...extra} />
  );
  return (
    <>
      <p className={styles.muted}>{t('kyc_personal_text')}</p>
      {text('firstName', t('kyc_first_name'), 'kyc-first-name', { autoComplete: 'given-name' })}
      {text('lastName', t('kyc_last_name'), 'kyc-last-name', { autoComplete: 'family-name' })}
      <Select
        label={t('kyc_issue_country')}
        options={[{ value: '', label: t('kyc_country_placeholder'), disabled: true }, ...countries]}
        value={store.issueCountry}
        onChange={(e) => store.setText('issueCountry', e.target.value)}
        error={err('issueCountry')}
        data-testid="kyc-issue-country"
      />
      {text('birthDate', t('kyc_birth_date'), 'kyc-birth-date', { type: 'date', autoComplete: 'bday' })}
      {text('identityNumber', t('kyc_number'), 'kyc-number', { autoComplete: 'off', spellCheck: 'false' })}
      <TextField
        label={t('kyc_expire_date')}
        type="date"
        value={store.expireDate}
        onChange={(e) => store.setText('expireDate', e.target.value)}
        hint={t('kyc_expire_hint')}
        error={err('expireDate')}
        data-testid="kyc-expire-date"
      />
    </>
  );
});

const ReadyStep = observer(function ReadyStep({ host, store }: StepProps) {
  const t = useT(host);
  const err = useErr(host, store);
  return (
    <>
      <p className={styles.text}>{t('kyc_ready_text')}</p>
      <ul className={styles.text}>
        <li>{t('kyc_ready_tip_light')}</li>
        <li>{t('kyc_ready_tip_whole')}</li>
        <li>{t('kyc_ready_tip_files')}</li>
      </ul>
      <Checkbox
        label={t('kyc_ready_confirm')}
        checked={store.ready}
        onChange={(e) => store.setReady(e.target.checked)}
        error={err('ready')}
        data-testid="kyc-ready"
      />
    </>
  );
});

const DocsStep = observer(function DocsStep({ host, store }: StepProps) {
  const t = useT(host);
  return (
    <>
      <p className={styles.muted}>{t('kyc_docs_text')}</p>
      <FileField host={host} store={store} field="facePhoto" label={t('kyc_file_face')} testId="kyc-file-face" />
      <FileField host={host} store={store} field="frontPhoto" label={t('kyc_file_front')} testId="kyc-file-front" />
      {store.needsBack ? <FileField host={host} store={store} field="backendPhoto" label={t('kyc_file_back')} testId="kyc-file-back" /> : null}
      {store.submitting ? (
        <p className={styles.muted} role="status">
          {t('kyc_sending')}
        </p>
      ) : null}
    </>
  );
});

const FileField = observer(function FileField({ host, store, field, label, testId }: StepProps & { field: KycFileField; label: string; testId: string }) {
  const t = useT(host);
  const err = useErr(host, store);
  const file = store[field];
  return (
    <UploadField
      label={label}
      chooseLabel={t('kyc_upload_choose')}
      dropPrompt={t('kyc_upload_drop')}
      emptyLabel={t('kyc_upload_empty')}
      hint={t('kyc_upload_hint')}
      file={file}
      onFile={(chosen) => void store.setFile(field, chosen)}
      previewAlt={file ? t('kyc_preview', { name: file.name }) : undefined}
      accept={KYC_IMAGE_TYPES.join(',')}
      // the selfie is taken with the front camera on a phone; a document photo may already be in the gallery
      capture={field === 'facePhoto' ? 'user' : undefined}
      error={err(field)}
      disabled={store.submitting}
      data-testid={testId}
    />
  );
});
