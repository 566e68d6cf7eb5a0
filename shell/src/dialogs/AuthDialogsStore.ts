// §2 account dialogs (login, register, restore password, new password, email confirmation): which one is
// open, its form (§3 auth form), client-side checks (§5) and the §8 error mapping. The UI only renders it.
// Issue 24: a sign-in the api answers ERR_TWO_FACTOR_REQUIRED shows a code field (authenticator or recovery code) and
// is sent again with it; ERR_INVALID_TWO_FACTOR_CODE is that field's error.
// Issue 25: the register dialog can say why an account is needed (a card purchase) and start from the email already
// typed; the password rules show under the field from the start and are checked before the form is sent.
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { isApiError, type RegisterDialogOptions } from 'shared-contracts';
import type { AnalyticsEvent, ApiClient, NotificationInputLike } from './types';
import type { SessionStore } from '../stores/SessionStore';
import type { AuthField } from './authErrors';
import { sanitiseEmail } from './email';
import { passwordRules, type PasswordRule } from './passwordRules';

type SubmitChecks = typeof import('./submitChecks');
let submitChecks: Promise<SubmitChecks> | undefined;
/** The form checks and error mapping, fetched on the first submit (the open dialog's chunk already holds them). */
const loadSubmitChecks = () => (submitChecks ??= import(/* webpackChunkName: "auth-dialogs" */ './submitChecks'));

export type AuthDialogKind = 'login' | 'register' | 'restore' | 'newPassword' | 'emailConfirmation';
/** §2 email confirmation: the email is entered and a code mailed, then the code from the mail is entered. */
export type EmailConfirmationStep = 'email' | 'code';
export type RegisterReason = NonNullable<RegisterDialogOptions['reason']>;

/** Emails confirmed in this browser (§4 ckm A: "ask, unless already confirmed locally"). */
export interface ConfirmedEmails {
  isConfirmed(email: string): boolean;
  remember(email: string): void;
}

export interface AuthDialogsDeps {
  session: Pick<SessionStore, 'login' | 'register'>;
  api: Pick<ApiClient, 'requestPasswordReset' | 'resetPassword' | 'requestEmailConfirmation' | 'confirmEmail'>;
  confirmedEmails: ConfirmedEmails;
  notify(notification: NotificationInputLike): void;
  /** Translates a shell key (for notifications; the dialogs translate their own keys). */
  t(key: string): string;
  track(event: AnalyticsEvent, data?: Record<string, unknown>): void;
  /** §2: the referralID cookie. */
  referralId(): string | undefined;
  /** The site language, for the mailed code. */
  locale(): 'en' | 'ru';
  /** After a successful sign-in or registration: go to the page asked for (lk-redirect), if any. */
  onSignedIn(next: string | null): void;
}

export interface AuthForm {
  email: string;
  password: string;
  passwordConfirm: string;
  passwordResetCode: string;
  emailConfirmationCode: string;
  twoFactorCode: string;
  isTermsAccepted: boolean;
}

const emptyForm = (): AuthForm => ({
  email: '',
  password: '',
  passwordConfirm: '',
  passwordResetCode: '',
  emailConfirmationCode: '',
  twoFactorCode: '',
  isTermsAccepted: false,
});

export class AuthDialogsStore {
  open: AuthDialogKind | null = null;
  form: AuthForm = emptyForm();
  fieldErrors: Partial<Record<AuthField, string>> = {};
  formError: string | null = null;
  /** A success line shown in the dialog (e.g. "code sent"). */
  info: string | null = null;
  /**
   * The register answer cannot tell (no enumeration): the email may already have an account, whose owner got a
   * note by mail. The register dialog then offers sign-in and password restore instead of an error.
   */
  registerOutcome: 'maybeExisting' | null = null;
  submitting = false;
  /** Where to go after signing in (lk-redirect keeps the page asked for). */
  next: string | null = null;
  emailConfirmationStep: EmailConfirmationStep = 'email';
  /** Sign-in: the api asked for the second factor; the code field shows and the sign-in is sent with it. */
  twoFactorStep = false;
  /**
   * Why the visitor was asked to sign up (a card purchase, §4 card flow), said in the register dialog; kept while the
   * visitor moves between the account dialogs, dropped when they close.
   */
  registerReason: RegisterReason | null = null;

  private registrationCompleted = false;
  private abandonmentReported = false;
  private emailConfirmation: ((email: string | null) => void) | null = null;

  constructor(private readonly deps: AuthDialogsDeps) {
    makeObservable<AuthDialogsStore, 'begin' | 'run' | 'showError' | 'show' | 'finish'>(this, {
      open: observable,
      form: observable,
      fieldErrors: observable,
      formError: observable,
      info: observable,
      registerOutcome: observable,
      submitting: observable,
      next: observable,
      emailConfirmationStep: observable,
      twoFactorStep: observable,
      registerReason: observable,
      passwordRules: computed,
      openLogin: action,
      openRegister: action,
      openRestore: action,
      openNewPassword: action,
      confirmEmail: action,
      changeConfirmationEmail: action,
      close: action,
      setField: action,
      submit: action,
      begin: action,
      run: action,
      validate: action,
      showError: action,
      show: action,
      finish: action,
    });
  }

  openLogin(next?: string | null, email?: string) {
    this.show('login', email);
    if (next !== undefined) this.next = next;
  }

  /** §2 register dialog; `reason` and `email` come from a remote (host.session.openRegisterDialog). */
  openRegister(options?: RegisterDialogOptions) {
    const email = options?.email ? sanitiseEmail(options.email) : '';
    this.show('register', email || undefined);
    if (options?.reason) this.registerReason = options.reason;
    this.registrationCompleted = false;
  }

  /** The password rules under the field of the register and new-password dialogs, as the visitor types. */
  get passwordRules(): PasswordRule[] {
    return passwordRules(this.form.password, this.form.email);
  }

  openRestore(email?: string) {
    this.show('restore', email);
  }

  openNewPassword(email?: string) {
    this.show('newPassword', email);
  }

  /**
   * §2 email confirmation: resolves with the email once its mailed code is accepted, or null when dismissed.
   * An email already confirmed in this browser resolves at once (§4 ckm A).
   */
  confirmEmail(initialEmail?: string): Promise<string | null> {
    this.emailConfirmation?.(null);
    const email = initialEmail ? sanitiseEmail(initialEmail) : '';
    if (email && this.deps.confirmedEmails.isConfirmed(email)) return Promise.resolve(email);
    this.show('emailConfirmation', email || undefined);
    return new Promise((resolve) => (this.emailConfirmation = resolve));
  }

  /** Back to the email step of the confirmation dialog (a new code, or another address). */
  changeConfirmationEmail() {
    if (this.open !== 'emailConfirmation') return;
    this.emailConfirmationStep = 'email';
    this.form.emailConfirmationCode = '';
    this.fieldErrors = {};
    this.formError = null;
    this.info = null;
  }

  close() {
    this.reportAbandonedRegistration();
    if (this.open === 'emailConfirmation') this.settleEmailConfirmation(null);
    this.open = null;
    this.submitting = false;
    this.next = null;
    this.registerReason = null;
  }

  setField<K extends keyof AuthForm>(field: K, value: AuthForm[K]) {
    // The mailed code belongs to the email it was sent to: the address is fixed while the code is asked for.
    if (field === 'email' && this.open === 'emailConfirmation' && this.emailConfirmationStep === 'code') return;
    const clean = field === 'email' ? sanitiseEmail(String(value)) : field === 'twoFactorCode' ? String(value).replace(/\s+/g, '') : value;
    // The second factor belongs to the account it was asked for: another email signs in from the start.
    if (field === 'email' && this.twoFactorStep && clean !== this.form.email) {
      this.twoFactorStep = false;
      this.form.twoFactorCode = '';
      delete this.fieldErrors.twoFactorCode;
    }
    this.form[field] = clean as AuthForm[K];
    delete this.fieldErrors[field];
    this.formError = null;
  }

  async submit(): Promise<void> {
    if (this.submitting || !this.open) return;
    const checks = await loadSubmitChecks();
    // the dialog may have closed, or another submit started, while the checks loaded
    const kind = this.open;
    if (this.submitting || !kind || !this.validate(checks)) return;
    this.begin();
    try {
      await this.run(kind, checks);
    } catch (error) {
      runInAction(() => this.showError(error, checks));
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  private begin() {
    this.submitting = true;
    this.formError = null;
    this.info = null;
    this.registerOutcome = null;
  }

  private async run(kind: AuthDialogKind, checks: SubmitChecks): Promise<void> {
    const { email, password } = this.form;
    switch (kind) {
      case 'login': {
        await this.deps.session.login({ email, password, ...(this.twoFactorStep ? { twoFactorCode: this.form.twoFactorCode } : {}) });
        const next = this.next;
        runInAction(() => this.finish());
        this.deps.onSignedIn(next);
        return;
      }
      case 'register': {
        try {
          await this.deps.session.register({ email, password, referralId: this.deps.referralId() });
        } catch (error) {
          if (!checks.isMaybeExistingAccount(error)) throw error;
          // Registration answers alike for a new and a taken email; only the follow-up sign-in can fail, and
          // what it says must not reveal which it was (nor may an older api's ERR_USER_ALREADY_REGISTERED).
          runInAction(() => (this.registerOutcome = 'maybeExisting'));
          return;
        }
        const next = this.next;
        runInAction(() => {
          this.registrationCompleted = true;
          this.finish();
        });
        this.deps.onSignedIn(next);
        return;
      }
      case 'restore': {
        this.deps.track('restore_password_form_submitted');
        await this.deps.api.requestPasswordReset({ body: { email, locale: this.deps.locale() } });
        runInAction(() => {
          this.show('newPassword', email);
          this.info = 'auth.newPassword.codeSent';
        });
        return;
      }
      case 'newPassword': {
        await this.deps.api.resetPassword({ body: { email, password, resetCode: this.form.passwordResetCode.trim() } });
        this.deps.notify({ type: 'success', message: this.deps.t('auth.newPassword.done') });
        runInAction(() => {
          this.show('login', email);
          this.info = 'auth.newPassword.done';
        });
        return;
      }
      case 'emailConfirmation': {
        if (this.emailConfirmationStep === 'email') {
          await this.deps.api.requestEmailConfirmation({ body: { email, locale: this.deps.locale() } });
          runInAction(() => {
            this.emailConfirmationStep = 'code';
            this.form.emailConfirmationCode = '';
            this.info = 'auth.emailConfirmation.codeSent';
          });
          return;
        }
        await this.deps.api.confirmEmail({ body: { email, code: this.form.emailConfirmationCode.trim() } });
        this.deps.confirmedEmails.remember(email);
        const resolve = this.emailConfirmation;
        this.emailConfirmation = null;
        runInAction(() => this.finish());
        resolve?.(email);
        return;
      }
    }
  }

  /** §5 checks before anything is sent; returns false and fills fieldErrors when the form is not ready. */
  validate(checks: SubmitChecks): boolean {
    const errors = checks.formErrors(this.form, this.open, this);
    this.fieldErrors = errors;
    return Object.keys(errors).length === 0;
  }

  private showError(error: unknown, checks: SubmitChecks) {
    const feedback = checks.authErrorFeedback(error);
    if (isApiError(error) && error.code === 'ERR_TWO_FACTOR_REQUIRED' && this.open === 'login') {
      // not an error: the next step of the sign-in (the code field, focused by the dialog)
      this.twoFactorStep = true;
      this.info = 'auth.login.twoFactorAsked';
      return;
    }
    if (feedback.field) this.fieldErrors = { ...this.fieldErrors, [feedback.field]: feedback.messageKey };
    else this.formError = feedback.messageKey;
    if (feedback.notify) this.deps.notify({ type: 'error', message: this.deps.t(feedback.notify.titleKey), timeout: feedback.notify.timeout });
  }

  /** The page is going away (pagehide) with the register dialog open: that registration is abandoned too. */
  leavePage() {
    this.reportAbandonedRegistration();
  }

  /**
   * §4 registration_abandoned: the register dialog is left (closed, swapped for another dialog, or the page goes away)
   * without a completed registration; once per opening of the dialog.
   */
  private reportAbandonedRegistration() {
    if (this.open !== 'register' || this.registrationCompleted || this.abandonmentReported) return;
    this.abandonmentReported = true;
    this.deps.track('registration_abandoned');
  }

  private show(kind: AuthDialogKind, email?: string) {
    if (kind !== 'register') this.reportAbandonedRegistration();
    else if (this.open !== 'register') this.abandonmentReported = false;
    const keepEmail = email ?? this.form.email;
    this.open = kind;
    this.emailConfirmationStep = 'email';
    this.twoFactorStep = false;
    this.form = { ...emptyForm(), email: keepEmail };
    this.fieldErrors = {};
    this.formError = null;
    this.info = null;
    this.registerOutcome = null;
    this.submitting = false;
  }

  private finish() {
    this.open = null;
    this.twoFactorStep = false;
    this.registerReason = null;
    this.registerOutcome = null;
    this.form = emptyForm();
    this.next = null;
  }

  private settleEmailConfirmation(email: string | null) {
    const resolve = this.emailConfirmation;
    this.emailConfirmation = null;
    resolve?.(email);
  }
}
