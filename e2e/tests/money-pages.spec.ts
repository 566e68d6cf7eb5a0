// Issue 11: the five new profile tabs with data in them (the seed account's completed order earned it a cashback; a key
// is created here), checked like a11y.spec.ts checks every page kind: axe, no serious or critical violation, en and ru,
// light and dark, 390 and 1280 px; plus, at 390 px, no sideways scroll of the page (a wide table scrolls in its own box).
// Also the dialogs: the secret shown once and the withdrawal form's errors; and (issue 12) the verification page, its
// status and its first step with an error.
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations as check } from '../helpers/axe';
import { LOCALES, localePath, settle, THEMES, useTheme, VIEWPORTS, WIDTHS } from '../helpers/looks';
import { expect, signInContext, test } from '../helpers/seed';

const TABS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/profile/wallet', ready: (page) => expect(page.getByTestId('credit-row').first()).toBeVisible({ timeout: 20_000 }) },
  { path: '/profile/withdraw', ready: (page) => expect(page.getByTestId('withdraw-form')).toBeVisible() },
  { path: '/profile/affiliate-program', ready: (page) => expect(page.getByTestId('affiliate-link')).toBeVisible() },
  { path: '/profile/cashback', ready: (page) => expect(page.getByTestId('cashback-tier').first()).toBeVisible() },
  { path: '/profile/cashback?tab=history', ready: (page) => expect(page.getByTestId('cashback-row').first()).toBeVisible() },
  { path: '/profile/keys', ready: (page) => expect(page.getByTestId('key-row').first()).toBeVisible() },
  // issue 12: the verification status (the seed account has not started one)
  { path: '/profile/verification', ready: (page) => expect(page.getByTestId('verification-status')).toBeVisible() },
];

for (const locale of LOCALES) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const label = `[${locale.code} · ${theme} · ${width}px]`;
      test.describe(label, () => {
        test.use({ viewport: VIEWPORTS[width], reducedMotion: 'reduce' });

        test('wallet, withdraw, affiliate program, cashback, keys and verification: no serious or critical axe violation', async ({ page, context, seed }) => {
          test.setTimeout(180_000);
          await useTheme(context, theme);
          await signInContext(context, seed.account);
          // a key to list (one per account is enough: later combinations find it)
          await page.goto(localePath(locale.prefix, '/profile/keys'));
          await expect(page.getByTestId('keys-table')).toBeVisible();
          if ((await page.getByTestId('key-row').count()) === 0) {
            await page.getByTestId('key-create-name').fill('a11y');
            await page.getByTestId('key-create').click();
            await expect(page.getByTestId('key-secret-dialog')).toBeVisible();
            await check(page, `${label} the new key's secret dialog`, '[data-testid="key-secret-dialog"]');
            await page.getByTestId('key-secret-done').click();
          }
          for (const tab of TABS) {
            const path = localePath(locale.prefix, tab.path);
            await test.step(path, async () => {
              await page.goto(path);
              await settle(page, theme);
              await tab.ready(page);
              await check(page, `${label} ${path}`);
              if (width === 390) {
                const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
                expect.soft(overflow, `${label} ${path} scrolls sideways`).toBeLessThanOrEqual(0);
              }
            });
          }
          await test.step('the withdrawal form with its errors', async () => {
            await page.goto(localePath(locale.prefix, '/profile/withdraw'));
            await settle(page, theme);
            await page.getByTestId('withdraw-amount').fill('1');
            await page.getByTestId('withdraw-address').fill('not-an-address');
            await page.getByTestId('withdraw-submit').click();
            await expect(page.getByTestId('withdraw-address')).toHaveAttribute('aria-invalid', 'true');
            await check(page, `${label} withdraw form with an address error`);
          });
          await test.step('the verification form with its errors', async () => {
            await page.goto(localePath(locale.prefix, '/profile/verification'));
            await settle(page, theme);
            await page.getByTestId('verification-start').click();
            await page.getByTestId('verification-next').click();
            await expect(page.getByTestId('kyc-residence')).toHaveAttribute('aria-invalid', 'true');
            await check(page, `${label} verification: residence country missing`);
          });
        });
      });
    }
  }
}
