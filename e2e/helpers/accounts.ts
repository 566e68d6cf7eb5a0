// Accounts for the money and keys journeys: one registered through the api (as the site's register dialog calls it)
// and signed in in a browser context of its own, or one registered in the browser through the register dialog.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { stackInfo } from '../harness/client';
import { type SeededAccount, signInContext } from './seed';

const PASSWORD = 'Amber-Meadow-4826';

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Registers an account through the api (no referrer) and signs `context` in as it. Its email stays unconfirmed unless
 * `confirmed` (issue 24: API keys, webhooks, referrals and withdrawals need a confirmed email): then it is confirmed
 * as the site's dialog does it, with the code mailed to the sandbox outbox.
 */
export async function signedInAccount(context: BrowserContext, label: string, opts: { confirmed?: boolean } = {}): Promise<SeededAccount> {
  const { webUrl, apiUrl } = stackInfo();
  const headers = { origin: webUrl, accept: 'application/json' };
  const account = { email: uniqueEmail(label), password: PASSWORD };
  const res = await context.request.post(`${webUrl}/api/v1/users/local/create`, {
    headers,
    data: { email: account.email, password: account.password, browserFingerprint: '', locale: 'en' },
  });
  expect(res.status(), await res.text()).toBe(200);
  await signInContext(context, account);
  // Confirmed in the account's session (a confirmation made signed out confirms the address, not the account).
  if (opts.confirmed) {
    const asked = await context.request.post(`${webUrl}/api/v1/users/email/request-confirmation`, { headers, data: { email: account.email, locale: 'en' } });
    expect(asked.status(), await asked.text()).toBe(200);
    const code = await mailedCode(context.request, apiUrl, account.email, 'email_confirmation', 'en');
    const confirmed = await context.request.post(`${webUrl}/api/v1/users/email/confirm`, { headers, data: { email: account.email, code } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return account;
}

/** Registers through the header's register dialog on the page shown (the referral cookie of the visit applies). */
export async function registerInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByTestId('header-register').click();
  await completeRegisterDialog(page, email, password);
}

/** Fills and submits the open register dialog (§4: registration signs in); waits until the header shows the account. */
export async function completeRegisterDialog(page: Page, email: string, password = PASSWORD): Promise<void> {
  const dialog = page.getByTestId('auth-dialog');
  await expect(dialog).toHaveAttribute('data-kind', 'register');
  await dialog.getByTestId('auth-terms').check();
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(password);
  await dialog.getByTestId('auth-password-confirm').fill(password);
  await dialog.getByTestId('auth-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('header-account')).toHaveText(email);
}

/**
 * The code of the `kind` mail sent to `email` (e.g. `email_confirmation`), from the api's sandbox outbox: it answers
 * local callers only, so straight to the api from this machine. Waits until that mail is there, in `locale`.
 */
export async function mailedCode(request: APIRequestContext, apiUrl: string, email: string, kind: string, locale: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`${apiUrl}/api/v1/sandbox/mail`, { params: { to: email } });
      const body = (await res.json()) as { messages: { code: string | null; locale: string; kind: string }[] };
      const mail = body.messages.find((m) => m.code && m.kind === kind);
      code = mail?.code ?? null;
      return mail?.locale ?? null;
    })
    .toBe(locale);
  return code!;
}

/** Waits until the order's payout is done (state WITHDRAWAL_COMPLETED). */
export async function waitForCompleted(request: APIRequestContext, apiUrl: string, orderId: string, destinationAddress: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get(`${apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
        return ((await res.json()) as { orderEvents?: { kind: string }[] }).orderEvents?.map((e) => e.kind) ?? [];
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toContain('WITHDRAWAL_COMPLETED');
}

/** A decimal string in millionths (USDT's 6 decimals), exact: for comparing balances. */
export function micro(value: string): bigint {
  const [int, frac = ''] = value.split('.');
  return BigInt(int) * 1_000_000n + BigInt(frac.slice(0, 6).padEnd(6, '0'));
}
