// §2 one 404 page for every not-found, in the page's language: a path matching no route, an unknown blog post, a blog
// page past the last and an unknown docs page all answer HTTP 404 with the shell's "Page not found" (server-rendered:
// the same with JavaScript off), and the error details show the URL and harmless headers, never the cookies.
import { expect, test } from '../fixtures';

const LOCALES = [
  { prefix: '', title: 'Page not found', at: 'Page Not Found' },
  { prefix: '/ru', title: 'Страница не найдена', at: 'Страница не найдена' },
] as const;

const PATHS = ['/blog/no-such-post-e2e', '/blog/page99', '/docs/no-such-page-e2e', '/no-such-route/e2e'];

for (const l of LOCALES) {
  test(`${l.prefix || '/'}: every not-found is the same localised 404 page with HTTP 404`, async ({ page, context, stack }) => {
    await context.addCookies([{ name: 'e2e_private', value: 'cookie-value-never-shown', url: stack.webUrl }]);
    for (const path of PATHS) {
      const url = `${l.prefix}${path}`;
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByTestId('not-found'), url).toHaveText(l.title);
      await expect(page.getByTestId('error-status'), url).toHaveText('404');
      await expect(page.getByTestId('error-message'), url).toHaveText(`${l.at}: ${url}`);
      await expect(page.getByTestId('error-url'), url).toHaveText(`${stack.webUrl}${url}`);
      await expect(page.getByTestId('error-headers'), url).toContainText('user-agent');
      await expect(page).toHaveTitle(new RegExp(`^${l.title}`));
      await expect(page.locator('body'), url).not.toContainText('cookie-value-never-shown');
      await expect(page.getByTestId('remote-fallback'), url).toHaveCount(0);
    }
  });

  test.describe(() => {
    test.use({ javaScriptEnabled: false });
    test(`${l.prefix || '/'}: with JavaScript off the first HTML is already that 404 page`, async ({ page }) => {
      for (const path of ['/blog/no-such-post-e2e', '/blog/page99']) {
        const url = `${l.prefix}${path}`;
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(404);
        await expect(page.getByTestId('not-found'), url).toHaveText(l.title);
        await expect(page.getByTestId('error-message'), url).toHaveText(`${l.at}: ${url}`);
      }
    });
  });
}
