// Issue 25, the shell's rough edges: an account dialog closes the phone menu (it stayed open behind the dialog), the
// password rules show before the first error, and "Buy with card" is an entry of its own in the header and the menu.
import { expect, test } from '../fixtures';
import { expectNoSeriousViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/looks';

test.describe('at 390 px', () => {
  test.use({ viewport: VIEWPORTS[390] });

  test('choosing sign in in the phone menu closes the menu; the dialog is usable and gives the focus back to the menu button', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByTestId('menu-toggle');
    await toggle.click();
    await expect(page.getByTestId('site-menu')).toHaveAttribute('data-open', 'true');
    await page.getByTestId('header-login').click();

    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog).toHaveAttribute('data-kind', 'login');
    await expect(page.getByTestId('site-menu')).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId('site-menu')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const email = dialog.getByTestId('auth-email');
    await expect(email).toBeFocused();
    await email.fill('reader@example.com');
    await expect(email).toHaveValue('reader@example.com');
    await dialog.getByTestId('auth-close').click();
    await expect(dialog).toHaveCount(0);
    await expect(toggle).toBeFocused();
  });

  test('/ru: the register dialog shows the password rules before anything is typed, and marks them as they are met', async ({ page }) => {
    await page.goto('/ru');
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('header-register').click();
    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog).toHaveAttribute('data-kind', 'register');
    await expect(page.getByTestId('site-menu')).toBeHidden();

    const rules = dialog.getByTestId('auth-password-rules');
    await expect(rules).toBeVisible();
    await expect(rules).toContainText('Не короче 8 символов');
    await expect(rules).toContainText('Не содержит вашу почту');
    await expect(dialog.getByTestId('auth-password-rule-length')).toHaveAttribute('data-state', 'unmet');
    await expect(dialog.getByTestId('auth-error-password')).toHaveCount(0);

    await dialog.getByTestId('auth-email').fill('walker@example.com');
    await dialog.getByTestId('auth-password').fill('Blue-Harbor-2041');
    await expect(dialog.getByTestId('auth-password-rule-length')).toHaveAttribute('data-state', 'met');
    await expect(dialog.getByTestId('auth-password-rule-notEmail')).toHaveAttribute('data-state', 'met');
    await expectNoSeriousViolations(page, 'register dialog with the password rules (ru, 390 px)');
  });

  test('/ru: "Купить картой" in the phone menu leads to the card pair page', async ({ page }) => {
    await page.goto('/ru');
    await page.getByTestId('menu-toggle').click();
    const entry = page.getByTestId('header-buy-with-card');
    await expect(entry).toHaveText('Купить картой');
    await entry.click();
    await expect(page).toHaveURL(/\/ru\/exchange-usd-btc$/);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('site-menu')).toBeHidden();
  });
});

test('at 1280 px "Buy with card" is in the header row and leads to the card pair page', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[1280]);
  await page.goto('/');
  await expect(page.getByTestId('menu-toggle')).toBeHidden();
  const entry = page.getByTestId('header-buy-with-card');
  await expect(entry).toBeVisible();
  await expect(entry).toHaveText('Buy with card');
  // the row still fits: one line, nothing pushed out of the header
  expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(80);
  await entry.click();
  await expect(page).toHaveURL(/\/exchange-usd-btc$/);
  await expect(page.getByTestId('page-title')).toBeVisible();
});
