// Issue 24 identity helpers: confirming an account's email the way the site's confirmation dialog does it (the code
// from the sandbox outbox), authenticator codes computed with the api's own TOTP library, and the browser's sign-in
// dialog with its two-factor step.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from '../fixtures';
import { stackInfo } from '../harness/client';
import { mailedCode } from './accounts';

/** Confirms `email` through the api (as the confirmation dialog calls it) for the account signed in in `context`. */
export async function confirmEmailOf(context: BrowserContext, request: APIRequestContext, email: string): Promise<void> {
  const { webUrl, apiUrl } = stackInfo();
  const headers = { origin: webUrl, accept: 'application/json' };
  const asked = await context.request.post(`${webUrl}/api/v1/users/email/request-confirmation`, { headers, data: { email, locale: 'en' } });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = await mailedCode(request, apiUrl, email, 'email_confirmation', 'en');
  const confirmed = await context.request.post(`${webUrl}/api/v1/users/email/confirm`, { headers, data: { email, code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/**
 * The authenticator code of `secret` for the time step `stepsAhead` steps after the current one. The api accepts a code
 * once and only a later step after it (one step of drift either side), so a test that needs two codes in a row takes
 * the next step's code for the second instead of waiting for the clock.
 */
export function totp(secret: string, stepsAhead = 0): string {
  const generator = new TOTP({ issuer: 'Coinferry', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return generator.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Opens the header's sign-in dialog and submits the email and password (the dialog may then ask for the code). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('header-login').click();
  const dialog = page.getByTestId('auth-dialog');
  await expect(dialog).toHaveAttribute('data-kind', 'login');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(password);
  await dialog.getByTestId('auth-submit').click();
}

/** Types `code` into the sign-in dialog's two-factor field and submits it. */
export async function submitTwoFactorCode(page: Page, code: string): Promise<void> {
  const dialog = page.getByTestId('auth-dialog');
  await dialog.getByTestId('auth-two-factor-code').fill(code);
  await dialog.getByTestId('auth-submit').click();
}
