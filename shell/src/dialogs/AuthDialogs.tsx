// The §2 account dialogs. Rendered only while one is open (loaded in their own chunk by App).
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../stores/RootStore';
import type { AuthField, AuthDialogsStore } from './index';

const TITLES = {
  login: 'auth.login.title',
  register: 'auth.register.title',
  restore: 'auth.restore.title',
  newPassword: 'auth.newPassword.title',
  emailConfirmation: 'auth.emailConfirmation.title',
} as const;

const SUBMITS = {
  login: 'auth.login.submit',
  register: 'auth.register.submit',
  restore: 'auth.restore.submit',
  newPassword: 'auth.newPassword.submit',
  emailConfirmation: 'auth.emailConfirmation.submit',
} as const;

const AuthDialogs = observer(function AuthDialogs() {
  const { dialogs } = useStores();
  const { t } = useTranslation('shell');
  const kind = dialogs.open;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!kind) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dialogs.close();
    };
    window.addEventListener('keydown', onKey);
    dialogRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [kind, dialogs]);

  if (!kind) return null;
  const { form } = dialogs;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut only: a mouse-down on the backdrop closes, keyboard users close with Escape (the keydown listener above) or the × button
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && dialogs.close()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="auth-dialog" data-kind={kind}>
        <button type="button" className="dialog__close" aria-label={t('notification.close')} data-testid="auth-close" onClick={() => dialogs.close()}>
          ×
        </button>
        <h2 id={titleId} className="dialog__title">
          {t(TITLES[kind])}
        </h2>
        {kind === 'restore' && <p className="muted">{t('auth.restore.text')}</p>}
        {kind === 'emailConfirmation' && <p className="muted">{t('auth.emailConfirmation.text')}</p>}
        {dialogs.info && (
          <p className="dialog__info" data-testid="auth-info" role="status">
            {t(dialogs.info)}
          </p>
        )}
        <form
          className="dialog__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void dialogs.submit();
          }}
        >
          <Field store={dialogs} field="email" label={t('auth.fields.email')}>
            {(id) => (
              <input
                id={id}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={form.email}
                readOnly={kind === 'emailConfirmation' && dialogs.emailConfirmationStep === 'code'}
                onChange={(e) => dialogs.setField('email', e.target.value)}
                data-testid="auth-email"
              />
            )}
          </Field>
          {kind === 'emailConfirmation' && dialogs.emailConfirmationStep === 'code' && (
            <Field store={dialogs} field="emailConfirmationCode" label={t('auth.fields.code')}>
              {(id) => (
                <input
                  id={id}
                  type="text"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={form.emailConfirmationCode}
                  onChange={(e) => dialogs.setField('emailConfirmationCode', e.target.value)}
                  data-testid="auth-confirmation-code"
                />
              )}
            </Field>
          )}
          {kind === 'newPassword' && (
            <Field store={dialogs} field="passwordResetCode" label={t('auth.fields.code')}>
              {(id) => (
                <input
                  id={id}
                  type="text"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={form.passwordResetCode}
                  onChange={(e) => dialogs.setField('passwordResetCode', e.target.value)}
                  data-testid="auth-code"
                />
              )}
            </Field>
          )}
          {(kind === 'login' || kind === 'register' || kind === 'newPassword') && (
            <Field store={dialogs} field="password" label={t(kind === 'newPassword' ? 'auth.fields.newPassword' : 'auth.fields.password')}>
              {(id) => (
                <input
                  id={id}
                  type="password"
                  autoComplete={kind === 'login' ? 'current-password' : 'new-password'}
                  value={form.password}
                  onChange={(e) => dialogs.setField('password', e.target.value)}
                  data-testid="auth-password"
                />
              )}
            </Field>
          )}
          {(kind === 'register' || kind === 'newPassword') && (
            <Field store={dialogs} field="passwordConfirm" label={t('auth.fields.passwordConfirm')}>
              {(id) => (
                <input
                  id={id}
                  type="password"
                  autoComplete="new-password"
                  value={form.passwordConfirm}
                  onChange={(e) => dialogs.setField('passwordConfirm', e.target.value)}
                  data-testid="auth-password-confirm"
                />
              )}
            </Field>
          )}
          {kind === 'register' && (
            <div className="dialog__field">
              <label className="dialog__check">
                <input
                  type="checkbox"
                  checked={form.isTermsAccepted}
                  onChange={(e) => dialogs.setField('isTermsAccepted', e.target.checked)}
                  data-testid="auth-terms"
                />
                <span>{t('auth.fields.terms')}</span>
              </label>
              <FieldError store={dialogs} field="isTermsAccepted" />
            </div>
          )}
          {kind === 'register' && dialogs.registerOutcome === 'maybeExisting' && (
            <div className="dialog__info" role="status" data-testid="auth-register-maybe-existing">
              <p>{t('auth.register.maybeExisting')}</p>
              <LinkButton testId="auth-maybe-existing-login" onClick={() => dialogs.openLogin(undefined, form.email)}>
                {t('auth.register.maybeExistingSignIn')}
              </LinkButton>{' '}
              <LinkButton testId="auth-maybe-existing-restore" onClick={() => dialogs.openRestore(form.email)}>
                {t('auth.register.maybeExistingRestore')}
              </LinkButton>
            </div>
          )}
          {dialogs.formError && (
            <p className="dialog__error" role="alert" data-testid="auth-error">
              {t(dialogs.formError)}
            </p>
          )}
          <button type="submit" className="button dialog__submit" disabled={dialogs.submitting} data-testid="auth-submit">
            {t(kind === 'emailConfirmation' && dialogs.emailConfirmationStep === 'email' ? 'auth.emailConfirmation.sendCode' : SUBMITS[kind])}
          </button>
        </form>
        <div className="dialog__links">
          {kind === 'login' && (
            <>
              <LinkButton testId="auth-to-restore" onClick={() => dialogs.openRestore()}>
                {t('auth.login.forgot')}
              </LinkButton>
              <LinkButton testId="auth-to-register" onClick={() => dialogs.openRegister()}>
                {t('auth.login.toRegister')}
              </LinkButton>
            </>
          )}
          {kind === 'register' && (
            <LinkButton testId="auth-to-login" onClick={() => dialogs.openLogin()}>
              {t('auth.register.toLogin')}
            </LinkButton>
          )}
          {kind === 'restore' && (
            <>
              <LinkButton testId="auth-to-new-password" onClick={() => dialogs.openNewPassword()}>
                {t('auth.restore.haveCode')}
              </LinkButton>
              <LinkButton testId="auth-to-login" onClick={() => dialogs.openLogin()}>
                {t('auth.register.toLogin')}
              </LinkButton>
            </>
          )}
          {kind === 'emailConfirmation' && dialogs.emailConfirmationStep === 'code' && (
            <LinkButton testId="auth-confirmation-change-email" onClick={() => dialogs.changeConfirmationEmail()}>
              {t('auth.emailConfirmation.resend')}
            </LinkButton>
          )}
          {kind === 'newPassword' && (
            <LinkButton testId="auth-to-restore" onClick={() => dialogs.openRestore()}>
              {t('auth.newPassword.resend')}
            </LinkButton>
          )}
        </div>
      </div>
    </div>
  );
});

/** A labelled field: `children` renders the control with the id the label points at. */
const Field = observer(function Field({
  store,
  field,
  label,
  children,
}: {
  store: AuthDialogsStore;
  field: AuthField;
  label: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className={`dialog__field${store.fieldErrors[field] ? ' has-error' : ''}`}>
      <span className="dialog__label">{label}</span>
      {children(id)}
      <FieldError store={store} field={field} />
    </label>
  );
});

const FieldError = observer(function FieldError({ store, field }: { store: AuthDialogsStore; field: AuthField }) {
  const { t } = useTranslation('shell');
  const key = store.fieldErrors[field];
  if (!key) return null;
  return (
    <span className="dialog__error" data-testid={`auth-error-${field}`}>
      {t(key)}
    </span>
  );
});

function LinkButton({ testId, onClick, children }: { testId: string; onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="link-button" data-testid={testId} onClick={onClick}>
      {children}
    </button>
  );
}

export default AuthDialogs;
