// Accounts (§7): registration, sign-in and session (cookies), password reset, email confirmation, the account's
// orders, step-up and two-factor authentication (issue 24).
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const accountRoutes = defineRoutes({
  accountData: {
    method: 'GET',
    path: '/api/v1/users/account-data',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The signed-in user',
    schemas: ({ s }) => ({ response: s.AccountDataSchema }),
  },
  register: {
    method: 'POST',
    path: '/api/v1/users/local/create',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Register with email and password',
    schemas: ({ z, s }) => ({
      body: z.object({
        email: s.EmailSchema,
        password: z.string().min(1).max(256),
        browserFingerprint: z.string().max(128),
        referrerAffiliateId: z.string().max(64).optional(),
        locale: s.MailLocaleSchema.optional(),
      }),
      response: s.OkSchema,
    }),
  },
  login: {
    method: 'POST',
    path: '/api/v1/users/local/authenticate',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 100 },
    summary: 'Sign in; sets the session cookies',
    schemas: ({ z, s }) => ({
      body: z.object({
        email: z.string().max(254),
        password: z.string().max(256),
        browserFingerprint: z.string().max(128),
        // Issue 24: an authenticator code or a recovery code, needed once the account has two-factor authentication.
        twoFactorCode: s.TwoFactorCodeSchema.optional(),
      }),
      response: s.OkSchema,
    }),
  },
  logout: {
    method: 'POST',
    path: '/api/v1/users/authentication/logout',
    tag: 'account',
    auth: 'optional',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Sign out; revokes the refresh token',
    schemas: ({ s }) => ({ response: s.OkSchema }),
  },
  refresh: {
    method: 'POST',
    path: '/api/v1/users/authentication/refresh',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Rotate the session tokens',
    schemas: ({ z, s }) => ({ body: z.object({ browserFingerprint: z.string().max(128) }), response: s.OkSchema }),
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/v1/users/local/request-password-reset',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Mail a password reset code',
    schemas: ({ z, s }) => ({ body: z.object({ email: z.string().max(254), locale: s.MailLocaleSchema.optional() }), response: s.OkSchema }),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/v1/users/local/reset-password',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Set a new password with the mailed code',
    schemas: ({ z, s }) => ({
      body: z.object({ email: z.string().max(254), password: z.string().min(1).max(256), resetCode: z.string().min(1).max(64) }),
      response: s.OkSchema,
    }),
  },
  orderHistory: {
    method: 'GET',
    path: '/api/v1/users/orders',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    summary: "The signed-in user's orders, newest first",
    schemas: ({ z, s }) => ({
      query: s.PageQuerySchema,
      response: z.object({
        // `cashback`: what the order earned the account (USDT), null when it earned nothing (yet).
        items: z.array(s.OrderSchema.extend({ cashback: s.MoneySchema.nullable().optional() })),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
    }),
  },
  requestEmailConfirmation: {
    method: 'POST',
    path: '/api/v1/users/email/request-confirmation',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Mail an email confirmation code (same answer whether or not the email is known)',
    schemas: ({ z, s }) => ({ body: z.object({ email: s.EmailSchema, locale: s.MailLocaleSchema.optional() }), response: s.OkSchema }),
  },
  confirmEmail: {
    method: 'POST',
    path: '/api/v1/users/email/confirm',
    tag: 'account',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 60 },
    summary: 'Confirm an email with the mailed code',
    schemas: ({ z, s }) => ({ body: z.object({ email: z.string().max(254), code: z.string().min(1).max(64) }), response: s.OkSchema }),
  },
  // Issue 24: step-up (a recent proof of the credentials) and two-factor authentication (TOTP, RFC 6238).
  stepUp: {
    method: 'POST',
    path: '/api/v1/users/authentication/step-up',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 24: each password or code guess also counts as a sign-in attempt of the account.
    rateLimit: { perAddress: 30 },
    summary: 'Prove the password (and the two-factor code) again: withdrawals and key creation need it within 15 minutes of sign-in',
    schemas: ({ z, s }) => ({
      body: z.object({ password: z.string().min(1).max(256), twoFactorCode: s.TwoFactorCodeSchema.optional() }),
      response: z.object({ stepUpUntil: s.IsoDateTimeSchema }),
    }),
  },
  // The body is an empty object (no fields); `otpauthUri` is what the QR code carries.
  twoFactorSetup: {
    method: 'POST',
    path: '/api/v1/users/two-factor/setup',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    rateLimit: { perAddress: 30 },
    summary: 'Start two-factor enrolment: a new authenticator secret and its otpauth URI (needs a recent sign-in)',
    schemas: ({ z }) => ({ body: z.record(z.string(), z.never()), response: z.object({ secret: z.string(), otpauthUri: z.string() }) }),
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/api/v1/users/two-factor/enable',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 24: each code guess also counts as a sign-in attempt of the account.
    rateLimit: { perAddress: 30 },
    summary: 'Turn two-factor authentication on with a code of the new secret; answers the one-time recovery codes (shown once)',
    schemas: ({ z, s }) => ({ body: z.object({ code: s.TwoFactorCodeSchema }), response: z.object({ recoveryCodes: z.array(z.string()) }) }),
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/api/v1/users/two-factor/disable',
    tag: 'account',
    auth: 'user',
    timeoutMs: TIMEOUTS_MS.default,
    // Issue 24: each code guess also counts as a sign-in attempt of the account.
    rateLimit: { perAddress: 30 },
    summary: 'Turn two-factor authentication off with an authenticator code or a recovery code',
    schemas: ({ z, s }) => ({ body: z.object({ code: s.TwoFactorCodeSchema }), response: z.object({}) }),
  },
});
