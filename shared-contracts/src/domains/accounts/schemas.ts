// Accounts (§3 account data, auth form) and the fields their calls share.
import { z } from 'zod';

/** §3 Account data */
export const AccountDataSchema = z
  .object({
    email: z.string(),
    permissions: z.string(),
    adminPermissionsScope: z.record(z.string(), z.unknown()),
    userId: z.number().int(),
    /** Issue 24: API keys, webhooks, a referral relation and withdrawals need a confirmed email. */
    emailConfirmed: z.boolean(),
    /** Issue 24: sign-in and step-up ask for an authenticator code. */
    twoFactorEnabled: z.boolean(),
  })
  .meta({ id: 'AccountData' });

export type AccountData = z.infer<typeof AccountDataSchema>;

/** §3 Auth form */
export const AuthFormSchema = z.object({
  email: z.string(),
  password: z.string(),
  passwordConfirm: z.string(),
  browserFingerprint: z.string(),
  referralID: z.string(),
  passwordResetCode: z.string(),
  isTermsAccepted: z.boolean(),
});

export type AuthForm = z.infer<typeof AuthFormSchema>;

/** Issue 24: a 6-digit authenticator code or a one-time recovery code (`xxxxx-xxxxx`). */
export const TwoFactorCodeSchema = z.string().trim().min(6).max(32);

/** Language of the mails an account call sends (the site locale; else Accept-Language decides). */
export const MailLocaleSchema = z.enum(['en', 'ru']);
