// §8 account-call errors → what the dialogs show: a field error, a form error, and/or a notification.
import { NOTIFICATION_SHORT_TIMEOUT_MS, isApiError } from 'shared-contracts';

export type AuthField = 'email' | 'password' | 'passwordConfirm' | 'passwordResetCode' | 'emailConfirmationCode' | 'twoFactorCode' | 'isTermsAccepted';

export interface AuthErrorFeedback {
  /** Field the message belongs under; absent = shown above the form's button. */
  field?: AuthField;
  /** Key in the shell namespace. */
  messageKey: string;
  /** Also sent to the notification bus (§8 database-client errors). */
  notify?: { titleKey: 'error_notify_title'; timeout: number };
}

export function authErrorFeedback(error: unknown): AuthErrorFeedback {
  if (!isApiError(error)) return { messageKey: 'auth.errors.main_error' };
  // §5/§8: a validation status carrying a password field is a password error.
  if (error.fields?.password) return { field: 'password', messageKey: 'auth.errors.password_rejected' };
  switch (error.code) {
    case 'ERR_PRISMA_CLIENT_KNOWN_REQUEST':
      return { messageKey: 'auth.errors.main_error', notify: { titleKey: 'error_notify_title', timeout: NOTIFICATION_SHORT_TIMEOUT_MS } };
    case 'ERR_INVALID_CREDENTIALS':
      return { messageKey: 'auth.errors.invalid_credentials' };
    case 'ERR_USER_ALREADY_REGISTERED':
      // Never confirm that an email has an account (no enumeration): the same neutral line as after register.
      return { messageKey: 'auth.register.maybeExisting' };
    case 'ERR_INVALID_PASSWORD_RESET_CODE':
      return { field: 'passwordResetCode', messageKey: 'auth.errors.invalid_reset_code' };
    case 'ERR_TOO_MANY_REQUESTS':
      return { messageKey: 'auth.errors.too_many_requests' };
    // issue 24: sign-in with two-factor on asks for the authenticator (or a recovery) code; a wrong or replayed one
    case 'ERR_TWO_FACTOR_REQUIRED':
      return { field: 'twoFactorCode', messageKey: 'auth.errors.two_factor_required' };
    case 'ERR_INVALID_TWO_FACTOR_CODE':
      return { field: 'twoFactorCode', messageKey: 'auth.errors.invalid_two_factor_code' };
    case 'ERR_VALIDATION':
    case 'ERR_BAD_REQUEST':
      // The email confirmation call answers a wrong or expired code with a code field.
      if (error.fields?.code) return { field: 'emailConfirmationCode', messageKey: 'auth.errors.invalid_confirmation_code' };
      if (error.fields?.email) return { field: 'email', messageKey: 'auth.errors.email_invalid' };
      return { messageKey: 'auth.errors.main_error' };
    default:
      return { messageKey: 'auth.errors.main_error' };
  }
}
