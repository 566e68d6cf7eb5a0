// §4 transparent refresh and §8 startup handling in a real browser: an expired (missing) access token is
// refreshed once and the page carries on signed in; a session the server no longer knows ends cleanly.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

async function registerThroughDialog(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByTestId('header-register').click();
  const dialog = page.getByTestId('auth-dialog');
  await dialog.getByTestId('auth-email').fill(email);
  await dialog.getByTestId('auth-password').fill(password);
  await dialog.getByTestId('auth-password-confirm').fill(password);
  await dialog.getByTestId('auth-terms').check();
  await dialog.getByTestId('auth-submit').click();
  await expect(page.getByTestId('header-account')).toHaveText(email);
}

test('an expired access token is refreshed once and the visitor stays signed in; a dead session signs out', async ({ page, context }) => {
  const email = `e2e-refresh-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await registerThroughDialog(page, email, 'Amber-Canyon-5820');

  // The access token is gone (as if expired): the startup account load gets a 401, refreshes, repeats.
  await context.clearCookies({ name: 'access_token' });
  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/users/authentication/refresh')) refreshes.push(r.method());
  });
  await page.goto('/profile/history');
  await expect(page.getByTestId('header-account')).toHaveText(email);
  await expect(page.getByTestId('history-empty')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/profile/history');
  expect(refreshes).toEqual(['POST']);
  expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeTruthy();

  // Both tokens gone: the refresh fails, the page clears what it can (u_id) and treats the visitor as a guest.
  await context.clearCookies({ name: 'access_token' });
  await context.clearCookies({ name: 'refresh_token' });
  await page.goto('/ru/profile/info');
  await expect(page.getByTestId('auth-dialog')).toHaveAttribute('data-kind', 'login');
  expect(new URL(page.url()).pathname).toBe('/ru');
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'u_id')?.value ?? '').toBe('');
});
