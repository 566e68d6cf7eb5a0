// Issue 11 "What it must show" (Playwright, keys): on /profile/keys a signed-in user creates a key (its secret shown
// once, to copy: gone after the dialog closes and after a reload), renames it and restricts it to an IP, deactivates
// it and deletes it with the key_page_delete_key_success message — in English and under /ru. Each step's effect is
// also read from the partner API (x-api-key from 127.0.0.1: accepted, then refused outside the allow-list and when
// deactivated, unknown once deleted).
import type { APIRequestContext } from '@playwright/test';
import { CYRILLIC, expect, gotoLive, test } from '../fixtures';
import { signedInAccount } from '../helpers/accounts';

const LOCALES = [
  { code: 'en', prefix: '' },
  { code: 'ru', prefix: '/ru' },
] as const;

const TEXTS = {
  en: { deleted: 'The API key was deleted.', inactive: 'Deactivated', warning: 'it is shown only this once' },
  ru: { deleted: 'API-ключ удалён.', inactive: 'Отключён', warning: 'он показывается только один раз' },
} as const;

/** An address the test runner never calls from. */
const OTHER_IP = '203.0.113.7';

async function partnerStatus(request: APIRequestContext, apiUrl: string, secret: string): Promise<number> {
  const res = await request.get(`${apiUrl}/api/partner/v1/instruments`, { headers: { 'x-api-key': secret } });
  return res.status();
}

for (const { code, prefix } of LOCALES) {
  test(`API keys (${code}): create (secret once), rename, restrict to an IP, deactivate, delete`, async ({ browser, stack, request }) => {
    test.setTimeout(90_000);
    const texts = TEXTS[code];
    const context = await browser.newContext({ baseURL: stack.webUrl, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await signedInAccount(context, `keys-${code}`);
      const page = await context.newPage();
      await gotoLive(page, `${prefix}/profile/keys`);
      if (code === 'ru') await expect(page.getByTestId('page-title')).toHaveText(CYRILLIC);
      await expect(page.getByTestId('keys-table')).toBeVisible();
      await expect(page.getByTestId('key-row')).toHaveCount(0);

      // create: the secret is shown once, with a warning and a copy button
      const name = `bot-${code}`;
      await page.getByTestId('key-create-name').fill(name);
      await page.getByTestId('key-create').click();
      const dialog = page.getByTestId('key-secret-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(texts.warning);
      const secret = ((await dialog.getByTestId('key-secret').textContent()) ?? '').trim();
      expect(secret.length).toBeGreaterThanOrEqual(24);
      await dialog.getByTestId('key-secret-copy').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await dialog.getByTestId('key-secret-done').click();
      await expect(dialog).toHaveCount(0);
      const row = page.getByTestId('key-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('key-name')).toHaveText(name);
      const prefixShown = ((await row.getByTestId('key-prefix').textContent()) ?? '').replace('…', '');
      expect(prefixShown.length).toBeGreaterThan(0);
      expect(secret.startsWith(prefixShown)).toBe(true);
      expect(await page.content()).not.toContain(secret);
      await gotoLive(page, `${prefix}/profile/keys`);
      await expect(row).toHaveCount(1);
      expect(await page.content()).not.toContain(secret);
      expect(await partnerStatus(request, stack.apiUrl, secret)).toBe(200);

      // rename and restrict to an IP
      await row.getByTestId('key-edit').click();
      const edit = page.getByTestId('key-edit-dialog');
      await expect(edit).toBeVisible();
      await edit.getByTestId('key-edit-name').fill(`${name}-renamed`);
      await edit.getByTestId('key-edit-ips').fill(OTHER_IP);
      await edit.getByTestId('key-edit-save').click();
      await expect(edit).toHaveCount(0);
      await expect(row.getByTestId('key-name')).toHaveText(`${name}-renamed`);
      await expect(row.getByTestId('key-ips')).toHaveText(OTHER_IP);
      expect(await partnerStatus(request, stack.apiUrl, secret)).toBe(403);

      // deactivate
      await row.getByTestId('key-toggle').click();
      await expect(row).toHaveAttribute('data-active', 'false');
      await expect(row.getByTestId('key-state')).toHaveText(texts.inactive);
      await gotoLive(page, `${prefix}/profile/keys`);
      await expect(row).toHaveAttribute('data-active', 'false');
      await expect(row.getByTestId('key-name')).toHaveText(`${name}-renamed`);
      await expect(row.getByTestId('key-ips')).toHaveText(OTHER_IP);
      expect(await partnerStatus(request, stack.apiUrl, secret)).toBe(403);

      // delete, with its message
      await row.getByTestId('key-delete').click();
      const confirm = page.getByTestId('key-delete-dialog');
      await expect(confirm).toContainText(`${name}-renamed`);
      await confirm.getByTestId('key-delete-confirm').click();
      await expect(page.getByTestId('notification')).toContainText(texts.deleted);
      await expect(row).toHaveCount(0);
      expect(await partnerStatus(request, stack.apiUrl, secret)).toBe(401);
    } finally {
      await context.close();
    }
  });
}
