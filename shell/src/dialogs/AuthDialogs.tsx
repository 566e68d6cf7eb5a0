// The §2 account dialogs on the design system's Dialog (focus trap, Escape, focus back to the opener). Rendered only
// while one is open (loaded in their own chunk by App). One field list serves every kind.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useShellT } from '../i18n/useShellT';
import { Button, Checkbox, Dialog, LegalLinks, TextField, VisuallyHidden } from 'remote-kit/ui';
import { useStores } from '../stores/RootStore';
import type { AuthField, AuthDialogsStore } from './index';
import type { AuthDialogKind, EmailConfirmationStep, RegisterReason } from './AuthDialogsStore';
import s from './AuthDialogs.module.css';

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

const DESCRIPTIONS: Partial<Record<AuthDialogKind, string>> = {
  restore: 'auth.restore.text',
  emailConfirmation: 'auth.emailConfirmation.text',
};

/** Issue 25: why the register dialog was opened, said under its title. */
const REGISTER_REASONS: Record<RegisterReason, string> = {
  'card-purchase': 'auth.register.reason_card_purchase',
};

/** The dialogs that set a password show its rules under the field. */
const SETS_PASSWORD: ReadonlySet<AuthDialogKind> = new Set(['register', 'newPassword']);

type TextFieldName = Exclude<AuthField, 'isTermsAccepted'>;

/** How each text field of the §3 auth form is asked for (the label may depend on the dialog). */
const TEXT_FIELDS: Record<
  TextFieldName,
  {
    testId: string;
    type: 'email' | 'text' | 'password';
    inputMode?: 'email' | 'numeric';
    label: (kind: AuthDialogKind) => string;
    autoComplete: (kind: AuthDialogKind) => string;
    hint?: string;
  }
> = {
  email: { testId: 'auth-email', type: 'email', inputMode: 'email', label: () => 'auth.fields.email', autoComplete: () => 'email' },
  emailConfirmationCode: {
    testId: 'auth-confirmation-code',
    type: 'text',
    inputMode: 'numeric',
    label: () => 'auth.fields.code',
    autoComplete: () => 'one-time-code',
  },
  twoFactorCode: {
    testId: 'auth-two-factor-code',
    type: 'text',
    label: () => 'auth.fields.twoFactorCode',
    autoComplete: () => 'one-time-code',
    hint: 'auth.fields.twoFactorCodeHint',
  },
  passwordResetCode: { testId: 'auth-code', type: 'text', inputMode: 'numeric', label: () => 'auth.fields.code', autoComplete: () => 'one-time-code' },
  password: {
    testId: 'auth-password',
    type: 'password',
    label: (kind) => (kind === 'newPassword' ? 'auth.fields.newPassword' : 'auth.fields.password'),
    autoComplete: (kind) => (kind === 'login' ? 'current-password' : 'new-password'),
  },
  passwordConfirm: {
    testId: 'auth-password-confirm',
    type: 'password',
    label: () => 'auth.fields.passwordConfirm',
    autoComplete: () => 'new-password',
  },
};

/** The text fields of each dialog, in order. */
function authFieldsOf(kind: AuthDialogKind, step: EmailConfirmationStep, twoFactorStep: boolean): TextFieldName[] {
  switch (kind) {
    case 'login':
      return twoFactorStep ? ['email', 'password', 'twoFactorCode'] : ['email', 'password'];
    case 'register':
      return ['email', 'password', 'passwordConfirm'];
    case 'restore':
      return ['email'];
    case 'newPassword':
      return ['email', 'passwordResetCode', 'password', 'passwordConfirm'];
    case 'emailConfirmation':
      return step === 'code' ? ['email', 'emailConfirmationCode'] : ['email'];
  }
}

const AuthDialogs = observer(function AuthDialogs({ dialogs }: { dialogs: AuthDialogsStore }) {
  const { locale } = useStores();
  const { t } = useShellT();
  const formId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const kind = dialogs.open;

  // Another dialog in the same frame (e.g. "Forgot your password?"): the link pressed is gone, focus goes to its first field.
  const shownKind = useRef(kind);
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    contentRef.current?.querySelector<HTMLInputElement>('input:not([readonly])')?.focus();
  }, [kind]);

  // Sign-in asked for the second factor (issue 24): the code field that just appeared takes the focus.
  const twoFactorStep = dialogs.twoFactorStep;
  useEffect(() => {
    if (twoFactorStep) contentRef.current?.querySelector<HTMLInputElement>('input[data-testid="auth-two-factor-code"]')?.focus();
  }, [twoFactorStep]);

  if (!kind) return null;
  const { form } = dialogs;
  const step = dialogs.emailConfirmationStep;
  const description = DESCRIPTIONS[kind];
  const reason = kind === 'register' && dialogs.registerReason ? REGISTER_REASONS[dialogs.registerReason] : undefined;
  const submitKey = kind === 'emailConfirmation' && step === 'email' ? 'auth.emailConfirmation.sendCode' : SUBMITS[kind];

  return (
    // The e2e tests read which dialog is open from this element's data-kind (the kit's Dialog takes no data attributes).
    <div data-testid="auth-dialog" data-kind={kind}>
      <Dialog
        open
        size="sm"
        onClose={() => dialogs.close()}
        title={t(TITLES[kind])}
        description={reason ? <span data-testid="auth-register-reason">{t(reason)}</span> : description ? t(description) : undefined}
        closeLabel={t('notification.close')}
        footer={
          <>
            <Button variant="secondary" data-testid="auth-close" onClick={() => dialogs.close()}>
              {t('auth.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={dialogs.submitting} data-testid="auth-submit">
              {t(submitKey)}
            </Button>
          </>
        }
      >
        <div ref={contentRef} className={s.content}>
          {dialogs.info && (
            <p className={s.info} data-testid="auth-info" role="status">
              {t(dialogs.info)}
            </p>
          )}
          <form
            id={formId}
            className={s.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void dialogs.submit();
            }}
          >
            {authFieldsOf(kind, step, dialogs.twoFactorStep).map((name) => (
              <AuthTextField
                key={name}
                store={dialogs}
                name={name}
                kind={kind}
                readOnly={name === 'email' && kind === 'emailConfirmation' && step === 'code'}
              />
            ))}
            {kind === 'register' && (
              <Checkbox
                label={<LegalLinks text={t('auth.fields.terms')} prefix={locale.prefix} />}
                checked={form.isTermsAccepted}
                onChange={(e) => dialogs.setField('isTermsAccepted', e.target.checked)}
                error={fieldError(dialogs, 'isTermsAccepted', t)}
                data-testid="auth-terms"
              />
            )}
            {kind === 'register' && dialogs.registerOutcome === 'maybeExisting' && (
              <div className={s.notice} role="status" data-testid="auth-register-maybe-existing">
                <p>{t('auth.register.maybeExisting')}</p>
                <div className={s.links}>
                  <LinkButton testId="auth-maybe-existing-login" onClick={() => dialogs.openLogin(undefined, form.email)}>
                    {t('auth.register.maybeExistingSignIn')}
                  </LinkButton>
                  <LinkButton testId="auth-maybe-existing-restore" onClick={() => dialogs.openRestore(form.email)}>
                    {t('auth.register.maybeExistingRestore')}
                  </LinkButton>
                </div>
              </div>
            )}
            {dialogs.formError && (
              <p className={s.error} role="alert" data-testid="auth-error">
                {t(dialogs.formError)}
              </p>
            )}
          </form>
          <DialogLinks store={dialogs} kind={kind} step={step} />
        </div>
      </Dialog>
    </div>
  );
});

/** The field's error under it (described by, aria-invalid), keeping the test id the error line always had. */
function fieldError(store: AuthDialogsStore, field: AuthField, t: (key: string) => string): ReactNode {
  const key = store.fieldErrors[field];
  return key ? <span data-testid={`auth-error-${field}`}>{t(key)}</span> : undefined;
}

const AuthTextField = observer(function AuthTextField({
  store,
  name,
  kind,
  readOnly,
}: {
  store: AuthDialogsStore;
  name: TextFieldName;
  kind: AuthDialogKind;
  readOnly: boolean;
}) {
  const { t } = useShellT();
  const rulesId = useId();
  const spec = TEXT_FIELDS[name];
  const showRules = name === 'password' && SETS_PASSWORD.has(kind);
  const field = (
    <TextField
      label={t(spec.label(kind))}
      type={spec.type}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete(kind)}
      hint={spec.hint ? t(spec.hint) : undefined}
      spellCheck={name === 'twoFactorCode' ? false : undefined}
      value={store.form[name]}
      readOnly={readOnly}
      onChange={(e) => store.setField(name, e.target.value)}
      error={fieldError(store, name, t)}
      aria-describedby={showRules ? rulesId : undefined}
      data-testid={spec.testId}
    />
  );
  if (!showRules) return field;
  return (
    <div className={s.passwordField}>
      {field}
      <PasswordRules store={store} id={rulesId} />
    </div>
  );
});

const RULE_TEXTS = {
  length: 'auth.passwordRules.length',
  notEmail: 'auth.passwordRules.notEmail',
  notCommon: 'auth.passwordRules.notCommon',
} as const;

/**
 * Issue 25: the password rules under the field from the start (not only after a refused attempt); each the browser
 * can check turns satisfied as the visitor types. The field is described by the list, and each rule says its state
 * in words too (the mark alone is not read).
 */
const PasswordRules = observer(function PasswordRules({ store, id }: { store: AuthDialogsStore; id: string }) {
  const { t } = useShellT();
  return (
    <ul id={id} className={s.rules} data-testid="auth-password-rules">
      {store.passwordRules.map((rule) => (
        <li key={rule.name} className={s.rule} data-state={rule.state} data-testid={`auth-password-rule-${rule.name}`}>
          <RuleMark state={rule.state} />
          <span>
            {t(RULE_TEXTS[rule.name])}
            {rule.state !== 'server' && (
              <VisuallyHidden>{` (${t(rule.state === 'met' ? 'auth.passwordRules.met' : 'auth.passwordRules.unmet')})`}</VisuallyHidden>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
});

function RuleMark({ state }: { state: 'met' | 'unmet' | 'server' }) {
  return (
    <svg className={s.ruleMark} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {state === 'met' ? (
        <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      ) : state === 'unmet' ? (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <circle cx="8" cy="8" r="2" fill="currentColor" />
      )}
    </svg>
  );
}

/** The ways from one dialog to another. */
function DialogLinks({ store, kind, step }: { store: AuthDialogsStore; kind: AuthDialogKind; step: EmailConfirmationStep }) {
  const { t } = useShellT();
  let links: ReactNode = null;
  if (kind === 'login') {
    links = (
      <>
        <LinkButton testId="auth-to-restore" onClick={() => store.openRestore()}>
          {t('auth.login.forgot')}
        </LinkButton>
        <LinkButton testId="auth-to-register" onClick={() => store.openRegister()}>
          {t('auth.login.toRegister')}
        </LinkButton>
      </>
    );
  } else if (kind === 'register') {
    links = (
      <LinkButton testId="auth-to-login" onClick={() => store.openLogin()}>
        {t('auth.register.toLogin')}
      </LinkButton>
    );
  } else if (kind === 'restore') {
    links = (
      <>
        <LinkButton testId="auth-to-new-password" onClick={() => store.openNewPassword()}>
          {t('auth.restore.haveCode')}
        </LinkButton>
        <LinkButton testId="auth-to-login" onClick={() => store.openLogin()}>
          {t('auth.register.toLogin')}
        </LinkButton>
      </>
    );
  } else if (kind === 'emailConfirmation' && step === 'code') {
    links = (
      <LinkButton testId="auth-confirmation-change-email" onClick={() => store.changeConfirmationEmail()}>
        {t('auth.emailConfirmation.resend')}
      </LinkButton>
    );
  } else if (kind === 'newPassword') {
    links = (
      <LinkButton testId="auth-to-restore" onClick={() => store.openRestore()}>
        {t('auth.newPassword.resend')}
      </LinkButton>
    );
  }
  return links ? <div className={s.links}>{links}</div> : null;
}

function LinkButton({ testId, onClick, children }: { testId: string; onClick(): void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}

export default AuthDialogs;
