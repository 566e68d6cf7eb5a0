// (d) DESIGN.md MF rule 2: a remote that is down shows a friendly fallback in its slot and a notification;
// the rest of the site keeps working. mfe_blog's static server is stopped for real (harness control server).
import { startRemote, stopRemote } from '../harness/client';
import { expect, test } from '../fixtures';

test.describe('with mfe_blog down', () => {
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(60_000);
    await stopRemote('mfe_blog');
  });
  test.afterAll(async ({}, testInfo) => {
    testInfo.setTimeout(150_000);
    await startRemote('mfe_blog');
  });

  test('the blog server really is down', async ({ request, stack }) => {
    await expect(request.get(`${stack.remotes.mfe_blog}/mf-manifest.json`, { timeout: 3000 })).rejects.toThrow();
  });

  test('/ still shows the live rate', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('/order/pending still renders', async ({ page }) => {
    await page.goto('/order/pending');
    await expect(page.getByTestId('layout-default').getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('/blog shows the remote fallback and a notification inside the shell layout', async ({ page }) => {
    await page.goto('/blog');
    const layout = page.getByTestId('layout-blog-sidebar');
    await expect(layout).toBeVisible();
    await expect(layout.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('remote-fallback')).not.toBeEmpty();
    await expect(page.getByTestId('notification').first()).toBeVisible();
    // The blog page itself is not there.
    await expect(layout.getByTestId('page-title')).toHaveCount(0);
  });

  test('client-side navigation from /blog to / still works', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    });
    await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
});

test('after mfe_blog is back, /blog renders its page again', async ({ page, stack }) => {
  await startRemote('mfe_blog'); // idempotent: afterAll above already restarted it
  const fromBlog: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${stack.remotes.mfe_blog}/`) && r.ok()) fromBlog.push(r.url());
  });
  await page.goto('/blog');
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  expect(fromBlog.length).toBeGreaterThan(0);
});
