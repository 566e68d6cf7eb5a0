// The support contact form in a dialog (§2 /support, issue 13): email (the signed-in account's by default), subject,
// an optional order id and the message; once sent, the ticket id and where its acknowledgement went.
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { HostServices, LocaleCode } from 'shared-contracts';
import { Button, CopyButton, Dialog, TextField, textStyles } from 'remote-kit/ui';
import { MESSAGE_MAX, SUBJECT_MAX, SupportContactStore } from './supportContactStore';
import { useT } from '../../useT';
import styles from './support.module.css';

interface Props {
  host: HostServices;
  locale: LocaleCode;
  open: boolean;
  onClose: () => void;
}

export const SupportPageContactDialog = observer(function SupportPageContactDialog({ host, locale, open, onClose }: Props) {
  const t = useT(host);
  const accountEmail = host.session.account?.email ?? '';
  const [store] = useState(() => new SupportContactStore({ api: host.api, locale }, accountEmail));
  // The account may arrive after the page (session still loading): fill the email unless one was typed.
  useEffect(() => {
    if (accountEmail && !store.values.email) store.set('email', accountEmail);
  }, [accountEmail, store]);
  const formId = useId();
  const messageId = useId();
  const close = () => {
    if (store.state === 'sent') store.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.submit();
  };
  const err = (key: string | undefined) => (key ? t(key) : undefined);
  const sent = store.state === 'sent';

  return (
    <Dialog
      open={open}
      onClose={close}
      title={sent ? t('support_sent_title') : t('support_contact_title')}
      description={sent ? undefined : t('support_form_description')}
      closeLabel={t('support_close')}
      data-testid="support-contact-dialog"
      footer={
        sent ? (
          <>
            <Button variant="secondary" onClick={() => store.reset()}>
              {t('support_send_another')}
            </Button>
            <Button onClick={close}>{t('support_close')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('support_cancel')}
            </Button>
            <Button type="submit" form={formId} loading={store.sending} data-testid="support-contact-send">
              {t('support_send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div className={styles.sent} role="status" data-testid="support-contact-sent">
          <p className={textStyles.text}>{t('support_sent_ticket')}</p>
          <p className={styles.ticket}>
            <strong data-testid="support-ticket-id">{store.ticketId}</strong>
            <CopyButton value={store.ticketId ?? ''} label={t('support_copy_ticket')} copiedLabel={t('support_copied')} size="sm" />
          </p>
          <p className={textStyles.text}>{t('support_sent_mail', { email: store.values.email.trim() })}</p>
        </div>
      ) : (
        <form id={formId} className={styles.form} onSubmit={submit} noValidate data-testid="support-contact-form">
          <TextField
            label={t('support_field_email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={store.values.email}
            onChange={(e) => store.set('email', e.target.value)}
            error={err(store.errors.email)}
            data-testid="support-field-email"
          />
          <TextField
            label={t('support_field_subject')}
            name="subject"
            maxLength={SUBJECT_MAX}
            value={store.values.subject}
            onChange={(e) => store.set('subject', e.target.value)}
            error={err(store.errors.subject)}
            data-testid="support-field-subject"
          />
          <TextField
            label={t('support_field_order')}
            hint={t('support_field_order_hint')}
            name="orderId"
            autoComplete="off"
            spellCheck={false}
            value={store.values.orderId}
            onChange={(e) => store.set('orderId', e.target.value)}
            error={err(store.errors.orderId)}
            data-testid="support-field-order"
          />
          <div className={styles.messageField}>
            <label className={styles.messageLabel} htmlFor={messageId}>
              {t('support_field_message')}
            </label>
            <textarea
              id={messageId}
              name="message"
              required
              rows={6}
              maxLength={MESSAGE_MAX}
              className={styles.message}
              value={store.values.message}
              onChange={(e) => store.set('message', e.target.value)}
              aria-invalid={store.errors.message ? true : undefined}
              aria-describedby={store.errors.message ? `${messageId}-error` : undefined}
              data-testid="support-field-message"
            />
            {store.errors.message ? (
              <p id={`${messageId}-error`} className={styles.fieldError}>
                {t(store.errors.message)}
              </p>
            ) : null}
          </div>
          {store.formError ? (
            <p role="alert" className={styles.formError} data-testid="support-contact-error">
              {t(store.formError)}
            </p>
          ) : null}
        </form>
      )}
    </Dialog>
  );
});
