// Issue 7 "Input": registration does not reveal whether an email already has an account. Registering an email
// that has one answers like any other registration (its owner gets a note by mail); the sign-in that follows
// fails, and the register dialog says so neutrally, offering sign-in and password restore for that email.
import { CYRILLIC, expect, gotoLive, test } from '../fixtures';

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: registering an email that already has an account shows a neutral note, never "already registered"`, async ({
    browser,
    baseURL,
    stack,
  }) => {
    test.setTimeout(60_000);
    const email = `taken-${prefix ? 'ru' : 'en'}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const register = async (page: import('@playwright/test').Page, password: string) => {
      await gotoLive(page, prefix || '/');
      await page.getByTestId('header-register').click();
      const dialog = page.getByTestId('auth-dialog');
      await expect(dialog).toHaveAttribute('data-kind', 'register');
      await dialog.getByTestId('auth-email').fill(email);
      await dialog.getByTestId('auth-password').fill(password);
      await dialog.getByTestId('auth-password-confirm').fill(password);
      await dialog.getByTestId('auth-terms').check();
      await dialog.getByTestId('auth-submit').click();
      return dialog;
    };

    // The owner registers first, in a browser of their own.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    await register(ownerPage, 'Blue-Harbor-2041');
    await expect(ownerPage.getByTestId('header-account')).toHaveText(email);
    await owner.close();

    // Someone else tries the same email.
    const page = await browser.newPage({ baseURL });
    const dialog = await register(page, 'Green-Valley-7319');
    const note = dialog.getByTestId('auth-register-maybe-existing');
    await expect(note).toBeVisible();
    if (prefix) await expect(note).toContainText(CYRILLIC);
    await expect(dialog).not.toContainText(/already (exists|registered)|уже зарегистр|с этой почтой уже есть/i);
    await expect(dialog.getByTestId('auth-error')).toHaveCount(0);
    await expect(page.getByTestId('header-login')).toBeVisible();

    // The owner was told by mail (read straight from the api's sandbox outbox, from this machine).
    await expect
      .poll(async () => {
        const res = await page.request.get(`${stack.apiUrl}/api/v1/sandbox/mail`, { params: { to: email } });
        return ((await res.json()) as { messages: { kind: string }[] }).messages.some((m) => m.kind === 'registration_attempt');
      })
      .toBe(true);

    // The note leads to password restore for that email.
    await dialog.getByTestId('auth-maybe-existing-restore').click();
    await expect(dialog).toHaveAttribute('data-kind', 'restore');
    await expect(dialog.getByTestId('auth-email')).toHaveValue(email);
    await page.close();
  });
}
