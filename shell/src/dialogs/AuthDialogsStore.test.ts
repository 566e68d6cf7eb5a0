import { ApiError, type AnalyticsEvent } from 'shared-contracts';
import { AuthDialogsStore, type AuthDialogsDeps } from './AuthDialogsStore';
import { authErrorFeedback } from './authErrors';
import { CONFIRMED_EMAIL_KEY, localConfirmedEmails } from './confirmedEmails';
import { shellResources } from '../i18n/resources';

function memoryStorage() {
  const values = new Map<string, string>();
  return { values, getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

function setup(over: Partial<AuthDialogsDeps> = {}) {
  const events: AnalyticsEvent[] = [];
  const notes: { type: string; message: string; timeout?: number }[] = [];
  const signedIn: (string | null)[] = [];
  const session = { login: jest.fn(async () => undefined), register: jest.fn(async () => undefined) };
  const api = {
    requestPasswordReset: jest.fn(async () => ({ ok: true as const })),
    resetPassword: jest.fn(async () => ({ ok: true as const })),
    requestEmailConfirmation: jest.fn(async () => ({ ok: true as const })),
    confirmEmail: jest.fn(async () => ({ ok: true as const })),
  };
  const storage = memoryStorage();
  const store = new AuthDialogsStore({
    session,
    api,
    confirmedEmails: localConfirmedEmails(storage),
    notify: (n) => notes.push(n),
    t: (k) => `t(${k})`,
    track: (e) => events.push(e),
    referralId: () => 'ref-7',
    locale: () => 'en',
    onSignedIn: (next) => signedIn.push(next),
    ...over,
  });
  return { store, session, api, events, notes, signedIn, storage };
}

function fill(
  store: AuthDialogsStore,
  f: Partial<Record<'email' | 'password' | 'passwordConfirm' | 'passwordResetCode' | 'emailConfirmationCode' | 'twoFactorCode', string>> & { terms?: boolean },
) {
  for (const [k, v] of Object.entries(f)) if (k !== 'terms') store.setField(k as 'email', v as string);
  if (f.terms !== undefined) store.setField('isTermsAccepted', f.terms);
}

describe('§8 account errors → dialog feedback', () => {
  it('database-client error: an error notification titled error_notify_title for 3000 ms', () => {
    expect(authErrorFeedback(ApiError.of('ERR_PRISMA_CLIENT_KNOWN_REQUEST', 'P2002'))).toEqual({
      messageKey: 'auth.errors.main_error',
      notify: { titleKey: 'error_notify_title', timeout: 3000 },
    });
  });
  it('a validation status carrying a password field is a password error', () => {
    expect(authErrorFeedback(ApiError.of('ERR_VALIDATION', 'weak', { fields: { password: 'too short' } }))).toEqual({
      field: 'password',
      messageKey: 'auth.errors.password_rejected',
    });
    expect(authErrorFeedback(new ApiError({ statusCode: 422, code: 'ERR_UNPROCESSABLE_ENTITY', message: 'x', fields: { password: 'weak' } })).field).toBe(
      'password',
    );
  });
  it.each([
    ['ERR_INVALID_CREDENTIALS', undefined, 'auth.errors.invalid_credentials'],
    ['ERR_TWO_FACTOR_REQUIRED', 'twoFactorCode', 'auth.errors.two_factor_required'],
    ['ERR_INVALID_TWO_FACTOR_CODE', 'twoFactorCode', 'auth.errors.invalid_two_factor_code'],
    ['ERR_USER_ALREADY_REGISTERED', undefined, 'auth.register.maybeExisting'],
    ['ERR_INVALID_PASSWORD_RESET_CODE', 'passwordResetCode', 'auth.errors.invalid_reset_code'],
    ['ERR_VALIDATION', undefined, 'auth.errors.main_error'],
    ['ERR_TOO_MANY_REQUESTS', undefined, 'auth.errors.too_many_requests'],
    ['ERR_INTERNAL_SERVER_ERROR', undefined, 'auth.errors.main_error'],
  ] as const)('%s → field %s, %s', (code, field, messageKey) => {
    const f = authErrorFeedback(ApiError.of(code, 'm'));
    expect(f.field).toBe(field);
    expect(f.messageKey).toBe(messageKey);
    expect(f.notify).toBeUndefined();
  });
  it('a validation status carrying a code field is a wrong email confirmation code', () => {
    expect(authErrorFeedback(ApiError.of('ERR_VALIDATION', 'wrong', { fields: { code: 'wrong' } }))).toEqual({
      field: 'emailConfirmationCode',
      messageKey: 'auth.errors.invalid_confirmation_code',
    });
  });
  it('a non-API failure is the generic error', () => {
    expect(authErrorFeedback(new TypeError('x'))).toEqual({ messageKey: 'auth.errors.main_error' });
  });
});

describe('AuthDialogsStore', () => {
  it('login: checks the form, signs in, closes, and goes to the page asked for', async () => {
    const { store, session, signedIn } = setup();
    store.openLogin('/profile/history');
    await store.submit();
    expect(store.fieldErrors).toEqual({ email: 'auth.errors.email_required', password: 'auth.errors.password_required' });
    expect(session.login).not.toHaveBeenCalled();
    fill(store, { email: ' a@b.co ', password: 'pw' });
    await store.submit();
    expect(session.login).toHaveBeenCalledWith({ email: 'a@b.co', password: 'pw' });
    expect(store.open).toBeNull();
    expect(signedIn).toEqual(['/profile/history']);
  });

  it('login errors stay inline; database errors also go to the notification bus for 3000 ms', async () => {
    const { store, session, notes } = setup();
    store.openLogin();
    fill(store, { email: 'a@b.co', password: 'bad' });
    session.login.mockRejectedValueOnce(ApiError.of('ERR_INVALID_CREDENTIALS', 'no'));
    await store.submit();
    expect(store.open).toBe('login');
    expect(store.formError).toBe('auth.errors.invalid_credentials');
    session.login.mockRejectedValueOnce(ApiError.of('ERR_PRISMA_CLIENT_KNOWN_REQUEST', 'db'));
    await store.submit();
    expect(notes).toEqual([{ type: 'error', message: 't(error_notify_title)', timeout: 3000 }]);
  });

  it('register: email, password, confirmation, terms; sends the referral id; a weak password lands on the password field', async () => {
    const { store, session, signedIn, events } = setup();
    store.openRegister();
    fill(store, { email: 'a@b', password: 'password1', passwordConfirm: 'password2' });
    await store.submit();
    expect(store.fieldErrors).toEqual({
      email: 'auth.errors.email_invalid',
      passwordConfirm: 'auth.errors.password_mismatch',
      isTermsAccepted: 'auth.errors.terms_required',
    });
    // long enough, but on the api's list of common passwords: only the api can tell
    fill(store, { email: 'a@b.co', passwordConfirm: 'password1', terms: true });
    session.register.mockRejectedValueOnce(ApiError.of('ERR_VALIDATION', 'common', { fields: { password: 'too common' } }));
    await store.submit();
    expect(store.fieldErrors.password).toBe('auth.errors.password_rejected');
    expect(session.register).toHaveBeenCalledWith({ email: 'a@b.co', password: 'password1', referralId: 'ref-7' });
    await store.submit();
    expect(store.open).toBeNull();
    expect(signedIn).toEqual([null]);
    expect(events).toEqual([]);
  });

  describe('register never reveals whether an email already has an account', () => {
    // The api answers register alike for a new and a taken email (the owner gets a mail); the sign-in that
    // follows then fails for someone else's email.
    it.each([
      ['the sign-in after register is refused', ApiError.of('ERR_INVALID_CREDENTIALS', 'Invalid email or password')],
      ['an api that still answers ERR_USER_ALREADY_REGISTERED', ApiError.of('ERR_USER_ALREADY_REGISTERED', 'taken')],
    ])('%s: a neutral note with sign-in and restore, no error, not signed in', async (_case, error) => {
      const { store, session, signedIn } = setup();
      store.openRegister();
      fill(store, { email: 'owner@mail.io', password: 'Blue-Harbor-2041', passwordConfirm: 'Blue-Harbor-2041', terms: true });
      session.register.mockRejectedValueOnce(error);
      await store.submit();
      expect(store.open).toBe('register');
      expect(store.registerOutcome).toBe('maybeExisting');
      expect(store.formError).toBeNull();
      expect(store.fieldErrors).toEqual({});
      expect(signedIn).toEqual([]);

      store.openLogin(undefined, store.form.email);
      expect(store.open).toBe('login');
      expect(store.form.email).toBe('owner@mail.io');
      expect(store.registerOutcome).toBeNull();
    });

    it('the note offers restoring the password for that email', async () => {
      const { store, session } = setup();
      store.openRegister();
      fill(store, { email: 'owner@mail.io', password: 'Blue-Harbor-2041', passwordConfirm: 'Blue-Harbor-2041', terms: true });
      session.register.mockRejectedValueOnce(ApiError.of('ERR_INVALID_CREDENTIALS', 'Invalid email or password'));
      await store.submit();
      store.openRestore(store.form.email);
      expect(store.open).toBe('restore');
      expect(store.form.email).toBe('owner@mail.io');
    });

    it('other failures stay errors, and a new submit clears the note', async () => {
      const { store, session } = setup();
      store.openRegister();
      fill(store, { email: 'owner@mail.io', password: 'Blue-Harbor-2041', passwordConfirm: 'Blue-Harbor-2041', terms: true });
      session.register.mockRejectedValueOnce(ApiError.of('ERR_INVALID_CREDENTIALS', 'x'));
      await store.submit();
      session.register.mockRejectedValueOnce(ApiError.of('ERR_TOO_MANY_REQUESTS', 'slow down'));
      await store.submit();
      expect(store.registerOutcome).toBeNull();
      expect(store.formError).toBe('auth.errors.too_many_requests');
    });

    it('no text in either language says the email is already registered', () => {
      for (const lng of ['en', 'ru'] as const) {
        const { auth } = shellResources[lng];
        expect(auth.errors).not.toHaveProperty('user_already_registered');
        expect(auth.register.maybeExisting).toBeTruthy();
        expect(JSON.stringify(auth)).not.toMatch(/already (exists|registered)|уже зарегистр|с этой почтой уже есть/i);
      }
    });
  });

  describe('issue 25: the register dialog opened for a card purchase', () => {
    it('says why an account is needed and starts from the email already typed', () => {
      const { store } = setup();
      store.openRegister({ reason: 'card-purchase', email: ' buyer@mail.io ' });
      expect(store.open).toBe('register');
      expect(store.registerReason).toBe('card-purchase');
      expect(store.form.email).toBe('buyer@mail.io');
    });

    it('the reason stays while the visitor looks at sign-in and comes back, and is gone once the dialog closes', () => {
      const { store } = setup();
      store.openRegister({ reason: 'card-purchase' });
      store.openLogin();
      store.openRegister();
      expect(store.registerReason).toBe('card-purchase');
      store.close();
      store.openRegister();
      expect(store.registerReason).toBeNull();
    });

    it('after a completed registration the next opening has no reason', async () => {
      const { store } = setup();
      store.openRegister({ reason: 'card-purchase', email: 'buyer@mail.io' });
      fill(store, { password: 'Correct-Horse-42', passwordConfirm: 'Correct-Horse-42', terms: true });
      await store.submit();
      expect(store.open).toBeNull();
      store.openRegister();
      expect([store.registerReason, store.form.email]).toEqual([null, '']);
    });

    it('opened from the header (no options): no reason, an empty email', () => {
      const { store } = setup();
      store.openRegister();
      expect([store.registerReason, store.form.email]).toEqual([null, '']);
    });
  });

  describe('issue 25: password rules before the first error', () => {
    it('are there before anything is typed, none met yet, and turn met as the visitor types', () => {
      const { store } = setup();
      store.openRegister();
      expect(store.passwordRules).toEqual([
        { name: 'length', state: 'unmet' },
        { name: 'notEmail', state: 'unmet' },
        { name: 'notCommon', state: 'server' },
      ]);
      fill(store, { email: 'walker@mail.io', password: 'Walker-2041' });
      expect(store.passwordRules.map((r) => r.state)).toEqual(['met', 'unmet', 'server']);
      fill(store, { password: 'Blue-Harbor-2041' });
      expect(store.passwordRules.map((r) => r.state)).toEqual(['met', 'met', 'server']);
    });

    it('a password breaking a rule is stopped before it is sent, on register and on a new password', async () => {
      const { store, session, api } = setup();
      store.openRegister();
      fill(store, { email: 'a@b.co', password: 'short', passwordConfirm: 'short', terms: true });
      await store.submit();
      expect(store.fieldErrors).toEqual({ password: 'auth.errors.password_rules' });
      expect(session.register).not.toHaveBeenCalled();
      fill(store, { password: 'Blue-Harbor-2041' });
      expect(store.fieldErrors).toEqual({});

      store.openNewPassword('walker@mail.io');
      fill(store, { passwordResetCode: '123456', password: 'walker@mail.io', passwordConfirm: 'walker@mail.io' });
      await store.submit();
      expect(store.fieldErrors).toEqual({ password: 'auth.errors.password_rules' });
      expect(api.resetPassword).not.toHaveBeenCalled();
    });

    it('sign-in checks no rule: an old password still signs in', async () => {
      const { store, session } = setup();
      store.openLogin();
      fill(store, { email: 'a@b.co', password: 'old' });
      await store.submit();
      expect(session.login).toHaveBeenCalledWith({ email: 'a@b.co', password: 'old' });
    });
  });

  it('registration_abandoned fires when the register dialog closes without a registration', async () => {
    const { store, events } = setup();
    store.openRegister();
    store.close();
    expect(events).toEqual(['registration_abandoned']);
    store.openLogin();
    store.close();
    expect(events).toEqual(['registration_abandoned']);
  });

  it('registration_abandoned also when the register dialog is swapped for another or the page goes away; once per opening', () => {
    const { store, events } = setup();
    store.openRegister();
    store.openLogin();
    expect(events).toEqual(['registration_abandoned']);
    store.close();
    expect(events).toEqual(['registration_abandoned']);
    store.openRegister();
    store.leavePage();
    store.close();
    expect(events).toEqual(['registration_abandoned', 'registration_abandoned']);
    store.openLogin();
    store.leavePage();
    expect(events).toEqual(['registration_abandoned', 'registration_abandoned']);
  });

  it('no registration_abandoned after a completed registration', async () => {
    const { store, events } = setup();
    store.openRegister();
    fill(store, { email: 'new@b.co', password: 'Correct-Horse-42', passwordConfirm: 'Correct-Horse-42', terms: true });
    await store.submit();
    expect(store.open).toBeNull();
    store.close();
    store.leavePage();
    expect(events).toEqual([]);
  });

  it('restore → new password → login with the email kept and the page asked for kept', async () => {
    const { store, api, events, notes } = setup();
    store.openLogin('/profile/info');
    fill(store, { email: 'a@b.co' });
    store.openRestore();
    expect(store.form.email).toBe('a@b.co');
    await store.submit();
    expect(events).toEqual(['restore_password_form_submitted']);
    expect(api.requestPasswordReset).toHaveBeenCalledWith({ body: { email: 'a@b.co', locale: 'en' } });
    expect(store.open).toBe('newPassword');
    expect(store.info).toBe('auth.newPassword.codeSent');
    fill(store, { passwordResetCode: '123456', password: 'new-pw-2041', passwordConfirm: 'new-pw-2041' });
    api.resetPassword.mockRejectedValueOnce(ApiError.of('ERR_INVALID_PASSWORD_RESET_CODE', 'bad'));
    await store.submit();
    expect(store.fieldErrors.passwordResetCode).toBe('auth.errors.invalid_reset_code');
    await store.submit();
    expect(api.resetPassword).toHaveBeenLastCalledWith({ body: { email: 'a@b.co', password: 'new-pw-2041', resetCode: '123456' } });
    expect(store.open).toBe('login');
    expect(store.form.email).toBe('a@b.co');
    expect(store.next).toBe('/profile/info');
    expect(notes.map((n) => n.type)).toEqual(['success']);
  });

  it('new password needs the code', async () => {
    const { store, api } = setup();
    store.openNewPassword('a@b.co');
    fill(store, { password: 'Quiet-Lake-88', passwordConfirm: 'Quiet-Lake-88' });
    await store.submit();
    expect(store.fieldErrors).toEqual({ passwordResetCode: 'auth.errors.code_required' });
    expect(api.resetPassword).not.toHaveBeenCalled();
  });

  it('email confirmation resolves with null when dismissed, at either step', async () => {
    const { store, api } = setup();
    const first = store.confirmEmail();
    store.close();
    await expect(first).resolves.toBeNull();
    const second = store.confirmEmail('x@y.io');
    await store.submit();
    expect(store.emailConfirmationStep).toBe('code');
    store.close();
    await expect(second).resolves.toBeNull();
    expect(api.confirmEmail).not.toHaveBeenCalled();
  });

  it('email confirmation: the email step checks the address and mails a code in the site language', async () => {
    const { store, api } = setup({ locale: () => 'ru' });
    void store.confirmEmail();
    fill(store, { email: 'x@y' });
    await store.submit();
    expect(store.fieldErrors).toEqual({ email: 'auth.errors.email_invalid' });
    expect(api.requestEmailConfirmation).not.toHaveBeenCalled();
    fill(store, { email: ' x@y.io ' });
    await store.submit();
    expect(api.requestEmailConfirmation).toHaveBeenCalledWith({ body: { email: 'x@y.io', locale: 'ru' } });
    expect(store.open).toBe('emailConfirmation');
    expect(store.emailConfirmationStep).toBe('code');
    expect(store.info).toBe('auth.emailConfirmation.codeSent');
    // The code belongs to the address it was mailed to.
    store.setField('email', 'other@y.io');
    expect(store.form.email).toBe('x@y.io');
  });

  it('email confirmation: a missing or wrong code stays inline; the right code resolves and is remembered locally', async () => {
    const { store, api, storage } = setup();
    const confirmed = store.confirmEmail('x@y.io');
    await store.submit();
    await store.submit();
    expect(store.fieldErrors).toEqual({ emailConfirmationCode: 'auth.errors.code_required' });
    expect(api.confirmEmail).not.toHaveBeenCalled();

    fill(store, { emailConfirmationCode: '11111111' });
    api.confirmEmail.mockRejectedValueOnce(ApiError.of('ERR_VALIDATION', 'wrong', { fields: { code: 'wrong' } }));
    await store.submit();
    expect(store.open).toBe('emailConfirmation');
    expect(store.fieldErrors.emailConfirmationCode).toBe('auth.errors.invalid_confirmation_code');
    expect(storage.values.size).toBe(0);

    store.setField('emailConfirmationCode', ' 12345678 ');
    await store.submit();
    expect(api.confirmEmail).toHaveBeenLastCalledWith({ body: { email: 'x@y.io', code: '12345678' } });
    await expect(confirmed).resolves.toBe('x@y.io');
    expect(store.open).toBeNull();
    expect(storage.values.get(CONFIRMED_EMAIL_KEY)).toBe('x@y.io');

    // §4 ckm A: not asked again for that email (any case); another email is asked for.
    await expect(store.confirmEmail('X@Y.io')).resolves.toBe('X@Y.io');
    expect(store.open).toBeNull();
    expect(api.requestEmailConfirmation).toHaveBeenCalledTimes(1);
    void store.confirmEmail('z@y.io');
    expect(store.open).toBe('emailConfirmation');
  });

  it('email confirmation: back to the email step for a new code or another address', async () => {
    const { store, api } = setup();
    void store.confirmEmail('x@y.io');
    await store.submit();
    api.requestEmailConfirmation.mockRejectedValueOnce(ApiError.of('ERR_TOO_MANY_REQUESTS', 'slow down'));
    store.changeConfirmationEmail();
    expect(store.emailConfirmationStep).toBe('email');
    fill(store, { email: 'z@y.io' });
    await store.submit();
    expect(store.formError).toBe('auth.errors.too_many_requests');
    expect(store.emailConfirmationStep).toBe('email');
    await store.submit();
    expect(api.requestEmailConfirmation).toHaveBeenLastCalledWith({ body: { email: 'z@y.io', locale: 'en' } });
    expect(store.emailConfirmationStep).toBe('code');
  });

  it('too many attempts is said plainly', async () => {
    const { store, session } = setup();
    store.openLogin();
    fill(store, { email: 'a@b.co', password: 'pw' });
    session.login.mockRejectedValueOnce(ApiError.of('ERR_TOO_MANY_REQUESTS', 'slow down'));
    await store.submit();
    expect(store.formError).toBe('auth.errors.too_many_requests');
  });

  it('issue 24: a two-factor account is asked for the code, and the sign-in is sent again with it', async () => {
    const { store, session, signedIn } = setup();
    store.openLogin('/profile/keys');
    fill(store, { email: 'a@b.co', password: 'pw' });
    session.login.mockRejectedValueOnce(ApiError.of('ERR_TWO_FACTOR_REQUIRED', 'code needed'));
    await store.submit();
    expect(session.login).toHaveBeenLastCalledWith({ email: 'a@b.co', password: 'pw' });
    expect(store.open).toBe('login');
    expect(store.twoFactorStep).toBe(true);
    expect(store.formError).toBeNull();
    expect(store.fieldErrors).toEqual({});
    expect(store.info).toBe('auth.login.twoFactorAsked');
    // an empty code is not sent
    await store.submit();
    expect(store.fieldErrors.twoFactorCode).toBe('auth.errors.two_factor_code_required');
    expect(session.login).toHaveBeenCalledTimes(1);
    // a wrong (or replayed) code is the field's error; the password stays
    store.setField('twoFactorCode', '123 456');
    session.login.mockRejectedValueOnce(ApiError.of('ERR_INVALID_TWO_FACTOR_CODE', 'wrong'));
    await store.submit();
    expect(session.login).toHaveBeenLastCalledWith({ email: 'a@b.co', password: 'pw', twoFactorCode: '123456' });
    expect(store.fieldErrors.twoFactorCode).toBe('auth.errors.invalid_two_factor_code');
    expect(store.form.password).toBe('pw');
    // a recovery code is sent as typed (spaces aside)
    store.setField('twoFactorCode', 'abcd-efgh');
    expect(store.fieldErrors.twoFactorCode).toBeUndefined();
    await store.submit();
    expect(session.login).toHaveBeenLastCalledWith({ email: 'a@b.co', password: 'pw', twoFactorCode: 'abcd-efgh' });
    expect(store.open).toBeNull();
    expect(store.twoFactorStep).toBe(false);
    expect(signedIn).toEqual(['/profile/keys']);
  });

  it('issue 24: another email, or the dialog opened again, signs in from the start without the code field', async () => {
    const { store, session } = setup();
    store.openLogin();
    fill(store, { email: 'a@b.co', password: 'pw' });
    session.login.mockRejectedValueOnce(ApiError.of('ERR_TWO_FACTOR_REQUIRED', 'code needed'));
    await store.submit();
    store.setField('twoFactorCode', '111111');
    store.setField('email', 'other@b.co');
    expect(store.twoFactorStep).toBe(false);
    expect(store.form.twoFactorCode).toBe('');
    session.login.mockRejectedValueOnce(ApiError.of('ERR_TWO_FACTOR_REQUIRED', 'code needed'));
    await store.submit();
    expect(store.twoFactorStep).toBe(true);
    store.close();
    store.openLogin();
    expect(store.twoFactorStep).toBe(false);
  });

  it('issue 24: the two-factor texts exist in en and ru', () => {
    for (const lng of ['en', 'ru'] as const) {
      const { auth } = shellResources[lng];
      expect(auth.fields.twoFactorCode).toBeTruthy();
      expect(auth.fields.twoFactorCodeHint).toBeTruthy();
      expect(auth.login.twoFactorAsked).toBeTruthy();
      expect(auth.errors.invalid_two_factor_code).toBeTruthy();
      expect(auth.errors.two_factor_code_required).toBeTruthy();
      expect(auth.errors.two_factor_required).toBeTruthy();
    }
  });
});
