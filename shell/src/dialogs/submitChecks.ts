// What a submit of the account dialogs needs beyond the store's state machine: the §5 form checks and the §8 error
// mapping. Loaded on the first submit (the dialog's own chunk has it by then), not in the first load.
import { isApiError } from 'shared-contracts';
import type { AuthDialogKind, AuthForm, EmailConfirmationStep } from './AuthDialogsStore';
import { type AuthField, authErrorFeedback } from './authErrors';
import { EMAIL_PATTERN } from './email';
import { passwordFollowsRules } from './passwordRules';

export { authErrorFeedback };

/** §5 checks before anything is sent: the field errors of the form (none when it is ready). */
export function formErrors(
  form: AuthForm,
  kind: AuthDialogKind | null,
  steps: { twoFactorStep: boolean; emailConfirmationStep: EmailConfirmationStep },
): Partial<Record<AuthField, string>> {
  const errors: Partial<Record<AuthField, string>> = {};
  const { email, password, passwordConfirm, passwordResetCode, isTermsAccepted } = form;
  if (!email) errors.email = 'auth.errors.email_required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'auth.errors.email_invalid';
  if (kind === 'login' || kind === 'register' || kind === 'newPassword') {
    if (!password) errors.password = 'auth.errors.password_required';
  }
  if (kind === 'register' || kind === 'newPassword') {
    if (password && !passwordFollowsRules(password, email)) errors.password = 'auth.errors.password_rules';
    if (password && passwordConfirm !== password) errors.passwordConfirm = 'auth.errors.password_mismatch';
  }
  if (kind === 'register' && !isTermsAccepted) errors.isTermsAccepted = 'auth.errors.terms_required';
  if (kind === 'newPassword' && !passwordResetCode.trim()) errors.passwordResetCode = 'auth.errors.code_required';
  if (kind === 'login' && steps.twoFactorStep && !form.twoFactorCode) errors.twoFactorCode = 'auth.errors.two_factor_code_required';
  if (kind === 'emailConfirmation' && steps.emailConfirmationStep === 'code' && !form.emailConfirmationCode.trim()) {
    errors.emailConfirmationCode = 'auth.errors.code_required';
  }
  return errors;
}

/** After register, a sign-in refused as ERR_INVALID_CREDENTIALS (or the spec's ERR_USER_ALREADY_REGISTERED). */
export function isMaybeExistingAccount(error: unknown): boolean {
  return isApiError(error) && (error.code === 'ERR_INVALID_CREDENTIALS' || error.code === 'ERR_USER_ALREADY_REGISTERED');
}
