// Issue 24: the terms of use, the privacy policy and the AML/KYC policy exist (they answered 404 before), in en and
// /ru, reached from the exchange form's consent checkbox and from every page's footer; they are server-rendered with
// their own head (title, description, hreflang alternates) and hydrate without a page error or a console error.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const DOCS = [
  { slug: 'terms', en: 'Terms of use', ru: 'Условия использования', form: 'terms' },
  { slug: 'privacy', en: 'Privacy policy', ru: 'Политика конфиденциальности', form: 'privacy' },
  { slug: 'aml-kyc', en: 'AML/KYC policy', ru: 'Политика AML/KYC', form: 'aml' },
] as const;

/** Page errors and console errors of the page from now on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

for (const prefix of ['', '/ru'] as const) {
  const locale = prefix ? 'ru' : 'en';

  test(`${prefix || '/'}: the exchange form's checkbox links open each legal page in a new tab`, async ({ page, context }) => {
    test.setTimeout(60_000);
    await page.goto(prefix || '/');
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/, { timeout: 20_000 });
    for (const doc of DOCS) {
      const link = page.getByTestId(`terms-link-${doc.form}`);
      await expect(link).toHaveAttribute('href', `${prefix}/${doc.slug}`);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      await expect(tab).toHaveURL(new RegExp(`${prefix}/${doc.slug}$`));
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(doc[locale]);
      await tab.close();
    }
    // following a link did not tick the box
    await expect(page.getByTestId('terms')).not.toBeChecked();
  });

  for (const doc of DOCS) {
    test(`${prefix}/${doc.slug}: from the footer, server-rendered with its head, hydrated without errors`, async ({ page, request, stack }) => {
      const errors = watchErrors(page);
      await page.goto(`${prefix}/support`);
      await page.getByTestId(`footer-legal-${doc.slug}`).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/${doc.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(doc[locale]);
      await expect(page.getByTestId(`legal-${doc.slug}`)).toBeVisible();
      await expect(page.getByTestId('legal-updated')).toHaveText(/\d{4}/);

      // the document itself, as a search engine gets it
      const res = await request.get(`${stack.webUrl}${prefix}/${doc.slug}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`data-testid="legal-${doc.slug}"`);
      expect(html).toMatch(/<title[^>]*>[^<]+\| Coinferry<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(`hreflang="ru" href="${stack.webUrl}/ru/${doc.slug}"`);
      expect(html).toContain(`hreflang="en" href="${stack.webUrl}/${doc.slug}"`);

      // a document load hydrates without errors too
      await page.goto(`${prefix}/${doc.slug}`);
      await expect(page.getByTestId(`legal-${doc.slug}`)).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
}

test('/.well-known/security.txt and the manifest are served', async ({ request, stack }) => {
  const txt = await request.get(`${stack.webUrl}/.well-known/security.txt`);
  expect(txt.status()).toBe(200);
  expect(await txt.text()).toMatch(/^Contact: .+\nExpires: \d{4}-\d{2}-\d{2}T00:00:00Z\n/);
  const manifest = await request.get(`${stack.webUrl}/manifest.webmanifest`);
  expect(((await manifest.json()) as { short_name: string }).short_name).toBe('Coinferry');
});
