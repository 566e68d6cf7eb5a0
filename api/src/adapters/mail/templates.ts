// Mail texts in the user's locale (en, ru).
import { negotiateLocale } from 'shared-contracts/server';
import type { MailKind, MailLocale, MailMessage } from './types';

type CodeMailKind = Extract<MailKind, 'password_reset' | 'email_confirmation'>;

/** The word "minute" in each plural category of the locale (Intl.PluralRules; ru as the object of "действует"). */
const MINUTE_FORMS: Record<MailLocale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: 'minute', other: 'minutes' },
  ru: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
};

/** "15 minutes", "1 минуту", "21 минуту", "5 минут": the count written by Intl and the noun in its plural form. */
function minutesIn(locale: MailLocale, minutes: number): string {
  const forms = MINUTE_FORMS[locale];
  return `${new Intl.NumberFormat(locale).format(minutes)} ${forms[new Intl.PluralRules(locale).select(minutes)] ?? forms.other}`;
}

const TEXTS: Record<CodeMailKind, Record<MailLocale, { subject: string; body: (code: string, minutes: number) => string }>> = {
  password_reset: {
    en: {
      subject: 'Your password reset code',
      body: (code, minutes) =>
        `Your password reset code is ${code}.\n\nIt is valid for ${minutesIn('en', minutes)} and can be used once.\nIf you did not ask to reset your password, ignore this message: your password stays the same.`,
    },
    ru: {
      subject: 'Код для сброса пароля',
      body: (code, minutes) =>
        `Ваш код для сброса пароля: ${code}.\n\nКод действует ${minutesIn('ru', minutes)} и может быть использован один раз.\nЕсли вы не запрашивали сброс пароля, просто проигнорируйте это письмо: пароль останется прежним.`,
    },
  },
  email_confirmation: {
    en: {
      subject: 'Confirm your email',
      body: (code, minutes) => `Your email confirmation code is ${code}.\n\nIt is valid for ${minutesIn('en', minutes)}.`,
    },
    ru: {
      subject: 'Подтверждение email',
      body: (code, minutes) => `Ваш код подтверждения email: ${code}.\n\nКод действует ${minutesIn('ru', minutes)}.`,
    },
  },
};

export function codeMessage(kind: CodeMailKind, to: string, locale: MailLocale, code: string, validMinutes: number): MailMessage {
  const t = TEXTS[kind][locale];
  return { to, kind, locale, subject: t.subject, text: t.body(code, validMinutes) };
}

const REGISTRATION_ATTEMPT: Record<MailLocale, { subject: string; body: (to: string) => string }> = {
  en: {
    subject: 'Someone tried to create an account with your email',
    body: (to) =>
      `Someone has just tried to create an account with this email address (${to}). You already have an account, so nothing was changed.\n\n` +
      'If it was you, sign in with your password, or reset it from the sign-in form if you have forgotten it.\n' +
      'If it was not you, ignore this message: your account and your password stay as they are.',
  },
  ru: {
    subject: 'Попытка создать аккаунт с вашим email',
    body: (to) =>
      `Кто-то только что попытался создать аккаунт с этим адресом почты (${to}). У вас уже есть аккаунт, поэтому ничего не изменилось.\n\n` +
      'Если это были вы, войдите со своим паролем или сбросьте его в форме входа, если забыли.\n' +
      'Если это были не вы, просто проигнорируйте это письмо: ваш аккаунт и пароль остались прежними.',
  },
};

/** To the owner of an email someone tried to register again (the registration answer itself tells nothing). */
export function registrationAttemptMessage(to: string, locale: MailLocale): MailMessage {
  const t = REGISTRATION_ATTEMPT[locale];
  return { to, kind: 'registration_attempt', locale, subject: t.subject, text: t.body(to) };
}

/** Picks en or ru from a `locale` field, else the Accept-Language header (shared-contracts negotiateLocale, by q-value). */
export function pickLocale(explicit: string | undefined, acceptLanguage: string | undefined, fallback: MailLocale = 'en'): MailLocale {
  if (explicit === 'ru' || explicit === 'en') return explicit;
  return negotiateLocale(acceptLanguage, fallback);
}

/** Issue 24: what changed in the account's security, told to its owner (a change they did not make is a sign-in to stop). */
export type SecurityEvent = 'password_reset' | 'two_factor_on' | 'two_factor_off';

const SECURITY_NOTICE: Record<MailLocale, Record<SecurityEvent, { subject: string; body: string }> & { notYou: string }> = {
  en: {
    password_reset: {
      subject: 'Your password was changed',
      body:
        'The password of your account was just reset with a code mailed to this address. Every session was signed out, and ' +
        'your API keys and webhooks are suspended until you resume them from your profile after signing in.',
    },
    two_factor_on: {
      subject: 'Two-factor authentication is on',
      body: 'Two-factor authentication was just turned on for your account: signing in now also needs a code from your authenticator app.',
    },
    two_factor_off: {
      subject: 'Two-factor authentication is off',
      body: 'Two-factor authentication was just turned off for your account: signing in needs only your password now.',
    },
    notYou: 'If this was not you, reset your password at once from the sign-in form and contact support.',
  },
  ru: {
    password_reset: {
      subject: 'Пароль изменён',
      body:
        'Пароль вашего аккаунта только что сброшен по коду, отправленному на этот адрес. Все сеансы завершены, а API-ключи и ' +
        'вебхуки приостановлены, пока вы не возобновите их в профиле после входа.',
    },
    two_factor_on: {
      subject: 'Двухфакторная аутентификация включена',
      body: 'Для вашего аккаунта только что включена двухфакторная аутентификация: для входа теперь нужен ещё и код из приложения-аутентификатора.',
    },
    two_factor_off: {
      subject: 'Двухфакторная аутентификация выключена',
      body: 'Для вашего аккаунта только что выключена двухфакторная аутентификация: для входа теперь достаточно пароля.',
    },
    notYou: 'Если это были не вы, немедленно сбросьте пароль в форме входа и напишите в поддержку.',
  },
};

export function securityNoticeMessage(to: string, locale: MailLocale, event: SecurityEvent): MailMessage {
  const t = SECURITY_NOTICE[locale];
  return { to, kind: 'security_notice', locale, subject: t[event].subject, text: `${t[event].body}\n\n${t.notYou}` };
}
