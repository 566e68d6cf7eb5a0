// Issue 13 "What it must show" (docs), en and /ru: a docs guide renders in the docs-sidebar layout with its sidebar and
// headings; the API reference shows the order-create operation rendered by Redoc; the try-it console creates a
// sandbox order with a key made through the API and shows the answer; and Redoc's chunk (550+ KB gzip) is requested
// on the API reference page only — never on a guide or the home page.
import type { ConsoleMessage, Page, Response } from '@playwright/test';
import { CYRILLIC, expect, gotoLive, test } from '../fixtures';
import { signedInAccount } from '../helpers/accounts';
import { describeViolations, seriousViolations } from '../helpers/axe';
import { settle, useTheme as setThemeCookie } from '../helpers/looks';

const LOCALES = [
  { code: 'en', prefix: '' },
  { code: 'ru', prefix: '/ru' },
] as const;

const TEXTS = {
  en: { sections: 'Documentation sections', toc: 'On this page' },
  ru: { sections: 'Разделы документации', toc: 'На этой странице' },
} as const;

/** A marker only Redoc's own code carries. */
const REDOC_MARKER = 'RedoclyApiDocs';

const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)|server rendered/i;

/** Hydration warnings and page errors (the server's markup must be the browser's first render). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION_TROUBLE.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Records the JavaScript the page loads and whether any of it is Redoc (by chunk name and by content). */
function watchScripts(page: Page) {
  const urls: string[] = [];
  const bodies: Promise<boolean>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    urls.push(response.url());
    bodies.push(
      response.text().then(
        (text) => text.includes(REDOC_MARKER),
        () => false,
      ),
    );
  });
  return {
    urls,
    async redocLoaded(): Promise<boolean> {
      const contents = await Promise.all(bodies);
      return contents.some(Boolean) || urls.some((u) => /\/assets\/redoc\.[0-9a-f]+\.js/.test(u));
    },
  };
}

for (const { code, prefix } of LOCALES) {
  test(`docs (${code}): a guide in the docs-sidebar layout with its sidebar and headings; no Redoc chunk`, async ({ page }) => {
    const scripts = watchScripts(page);
    const problems = watchHydration(page);
    await gotoLive(page, `${prefix}/docs/getting-started`);
    const layout = page.getByTestId('layout-docs-sidebar');
    await expect(layout).toBeVisible();
    const title = layout.getByTestId('page-title');
    await expect(title).not.toHaveText('');
    if (code === 'ru') await expect(title).toHaveText(CYRILLIC);
    const sidebar = page.getByRole('complementary', { name: TEXTS[code].sections });
    await expect(sidebar.getByTestId('docs-sidebar')).toBeVisible();
    const current = sidebar.locator('a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', `${prefix}/docs/getting-started`);
    expect(await sidebar.getByTestId('docs-nav-link').count()).toBeGreaterThanOrEqual(10);
    const content = page.getByTestId('docs-content');
    expect(await content.locator('h2[id]').count()).toBeGreaterThan(0);
    const toc = page.getByRole('navigation', { name: TEXTS[code].toc });
    const firstHeading = toc.getByRole('link').first();
    await expect(firstHeading).toBeVisible();

    // a heading link of "on this page" lands on its heading (§2 hash scroll), no reload
    const id = ((await firstHeading.getAttribute('href')) ?? '').split('#')[1];
    await firstHeading.click();
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(new RegExp(`${prefix}/docs/getting-started#${decodeURIComponent(id)}$`));
    await expect(page.locator(`[id="${decodeURIComponent(id)}"]`)).toBeInViewport();

    // another guide through the sidebar: client-side, then the home page
    await sidebar
      .getByTestId('docs-nav-link')
      .filter({ hasNot: page.locator('[aria-current]') })
      .nth(2)
      .click();
    await expect(page).not.toHaveURL(/getting-started/);
    await expect(page.getByTestId('docs-article')).toBeVisible();
    await gotoLive(page, `${prefix}/`);
    await expect(page.getByTestId('page-title')).toBeVisible();
    expect(await scripts.redocLoaded(), `Redoc requested outside the API reference: ${scripts.urls.join(', ')}`).toBe(false);
    expect(problems).toEqual([]);
  });

  test(`docs (${code}): the API reference renders the order-create operation with Redoc; the try-it console creates a sandbox order`, async ({
    browser,
    stack,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: stack.webUrl });
    const contexts = [context];
    try {
      // an account and an API key, through the API (as the profile's keys page calls it)
      await signedInAccount(context, `docs-${code}`, { confirmed: true });
      const created = await context.request.post(`${stack.webUrl}/api/v1/users/generate-api-key`, {
        headers: { origin: stack.webUrl, accept: 'application/json' },
        data: { name: `docs-${code}` },
      });
      expect(created.status(), await created.text()).toBe(200);
      const secret = ((await created.json()) as { secret: string }).secret;

      // the reader is a guest on the docs: only the key matters to the partner API
      const guest = await browser.newContext({ baseURL: stack.webUrl });
      contexts.push(guest);
      const page = await guest.newPage();
      const scripts = watchScripts(page);
      const problems = watchHydration(page);
      await gotoLive(page, `${prefix}/docs/api-reference`);
      await expect(page.getByTestId('layout-docs-sidebar').getByTestId('page-title')).toBeVisible();
      const reference = page.getByTestId('api-reference');
      await expect(reference).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
      // Redoc shows one tag per page: the partner tag lists order creation
      const redoc = page.getByTestId('redoc');
      await redoc.getByRole('link', { name: 'partner', exact: true }).click();
      await redoc
        .getByRole('link', { name: /Create an order for a partner/ })
        .first()
        .click();
      await expect(
        redoc
          .locator('main')
          .getByText(/Create an order for a partner/)
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      await expect(redoc.locator('main').getByText('/api/partner/v1/orders').first()).toBeAttached();
      expect(await scripts.redocLoaded()).toBe(true);
      expect(problems).toEqual([]);

      // try it: create an order with the key
      const tryIt = page.getByTestId('try-it');
      await tryIt.getByTestId('try-it-key').fill(secret);
      await expect(tryIt.getByTestId('try-it-operation')).toHaveValue('partnerOrderCreate');
      await expect(tryIt.getByTestId('try-it-idempotency')).not.toHaveValue('');
      await tryIt.getByTestId('try-it-send').click();
      const response = tryIt.getByTestId('try-it-response');
      await expect(response).toHaveAttribute('data-status', '200', { timeout: 30_000 });
      const answer = JSON.parse((await response.getByTestId('try-it-response-body').textContent()) ?? '{}') as { orderId?: string };
      expect(answer.orderId).toBeTruthy();
      const requestText = (await tryIt.getByTestId('try-it-request-text').textContent()) ?? '';
      expect(requestText).toContain('POST ');
      expect(requestText).toContain('/api/partner/v1/orders');
      expect(requestText).not.toContain(secret);
      const curl = (await tryIt.getByTestId('try-it-curl').textContent()) ?? '';
      expect(curl).toContain('x-api-key: $API_KEY');
      expect(curl).not.toContain(secret);
      await tryIt.getByTestId('try-it-reveal').check();
      await expect(tryIt.getByTestId('try-it-curl')).toContainText(secret);

      // the same order read back with "get an order" (its id prefilled)
      await tryIt.getByTestId('try-it-operation').selectOption('partnerOrder');
      await expect(tryIt.getByTestId('try-it-param-orderId')).toHaveValue(answer.orderId ?? '');
      await tryIt.getByTestId('try-it-send').click();
      await expect(response).toHaveAttribute('data-status', '200');
      await expect(response.getByTestId('try-it-response-body')).toContainText(answer.orderId ?? '');

      // a wrong key: the catalogue's error, shown as the api answered
      await tryIt.getByTestId('try-it-key').fill('not-a-key');
      await tryIt.getByTestId('try-it-send').click();
      await expect(response).toHaveAttribute('data-status', '401');
      await expect(response.getByTestId('try-it-response-body')).toContainText('ERR_UNAUTHORIZED');
    } finally {
      for (const c of contexts) await c.close();
    }
  });
}

// Server-rendered (DESIGN "Server rendering"): with JavaScript off a guide arrives with its sidebar and headings, and
// the reference page with its intro, the try-it form and Redoc's placeholder (Redoc itself needs JavaScript).
test.describe('docs without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const { code, prefix } of LOCALES) {
    test(`docs (${code}) arrive rendered`, async ({ page }) => {
      const guide = await page.goto(`${prefix}/docs/getting-started`);
      expect(guide?.status()).toBe(200);
      await expect(page.getByTestId('layout-docs-sidebar').getByTestId('docs-sidebar')).toBeVisible();
      await expect(page.getByTestId('docs-sidebar').locator('a[aria-current="page"]')).toHaveAttribute('href', `${prefix}/docs/getting-started`);
      expect(await page.getByTestId('docs-content').locator('h2[id]').count()).toBeGreaterThan(0);
      const reference = await page.goto(`${prefix}/docs/api-reference`);
      expect(reference?.status()).toBe(200);
      await expect(page.getByTestId('docs-content')).toBeVisible();
      await expect(page.getByTestId('try-it-form')).toBeVisible();
      await expect(page.getByTestId('api-reference-placeholder')).toBeVisible();
      await expect(page.getByTestId('redoc')).toHaveCount(0);
    });
  }
});

// Accessible (DESIGN): no serious or critical axe violation on the docs pages, en and /ru, light and dark, 1280 and
// 390 px wide; the reference page once Redoc has rendered (Redoc's own markup included).
const A11Y_PAGES = ['/docs', '/docs/getting-started', '/docs/api-reference'] as const;
for (const { code, prefix } of LOCALES) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`docs (${code}, ${theme}, ${width}px): axe finds nothing serious`, async ({ browser, stack }) => {
        test.setTimeout(120_000);
        const context = await browser.newContext({ baseURL: stack.webUrl, viewport: { width, height: 900 } });
        try {
          await setThemeCookie(context, theme);
          const page = await context.newPage();
          for (const path of A11Y_PAGES) {
            await gotoLive(page, `${prefix}${path}`);
            await settle(page, theme);
            await expect(page.getByTestId('layout-docs-sidebar')).toBeVisible();
            if (path === '/docs/api-reference') await expect(page.getByTestId('api-reference')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
            const violations = await seriousViolations(page);
            expect(violations, `${prefix}${path}:\n${describeViolations(violations)}`).toEqual([]);
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${prefix}${path} is wider than the window`).toBeLessThanOrEqual(0);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
}
