// Issue 27: the browser ships the shown locale's texts only (the shell's and the remote's); the language switch loads
// the other locale's before changing, so the page is fully translated after a switch, both ways.
import { expect, test } from '../fixtures';

test('the language switch shows the page in the other language, shell and remote texts alike, and back', async ({ page }) => {
  await page.goto('/');
  const title = page.getByTestId('page-title');
  await expect(title).toHaveText('Exchange cryptocurrency');
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();

  await page.getByTestId('lang-ru').click();
  await expect(page).toHaveURL(/\/ru$/);
  await expect(title).toHaveText('Обмен криптовалюты');
  await expect(page.getByRole('group', { name: 'Язык' })).toBeVisible();

  await page.getByTestId('lang-en').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(title).toHaveText('Exchange cryptocurrency');
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
});
