// (d) DESIGN.md MF rule 2: a remote that is down shows a friendly fallback in its slot and a notification;
// the rest of the site keeps working. mfe_blog is served by a static server of this file's own (mfe-blog's dist as
// built), in front of which a web of its own runs with the stack's api and other remotes; that blog server is stopped
// for real and started again on the same port, so the shared stack, which other spec files use at the same time
// (playwright.config.ts: two workers), is left as it was.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../harness/apps';
import { stackInfo } from '../harness/client';
import { expect, test } from '../fixtures';
import { serveRemoteCopy, startOwnWeb, stopProcessGroup } from '../helpers/processes';

const BLOG_DIST = path.join(ROOT, 'mfe-blog/dist');
let blogServer: ChildProcess | undefined;
let blogUrl = '';
let web: ChildProcess | undefined;
let webUrl = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  ({ url: blogUrl, child: blogServer } = await serveRemoteCopy(BLOG_DIST));
  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl: stackInfo().apiUrl, remotes: { mfe_blog: blogUrl } }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(blogServer)]);
});

test.describe('with mfe_blog down', () => {
  test.beforeAll(async () => {
    await stopProcessGroup(blogServer);
  });
  test.afterAll(async () => {
    test.setTimeout(60_000);
    ({ child: blogServer } = await serveRemoteCopy(BLOG_DIST, Number(new URL(blogUrl).port)));
  });

  test('the blog server really is down', async ({ request }) => {
    await expect(request.get(`${blogUrl}/mf-manifest.json`, { timeout: 3000 })).rejects.toThrow();
  });

  test('/ still shows the live rate', async ({ page }) => {
    await page.goto(`${webUrl}/`);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('/order/pending still renders', async ({ page }) => {
    await page.goto(`${webUrl}/order/pending`);
    await expect(page.getByTestId('layout-default').getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('/blog shows the remote fallback and a notification inside the shell layout', async ({ page }) => {
    await page.goto(`${webUrl}/blog`);
    const layout = page.getByTestId('layout-blog-sidebar');
    await expect(layout).toBeVisible();
    await expect(layout.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('remote-fallback')).not.toBeEmpty();
    await expect(page.getByTestId('notification').first()).toBeVisible();
    // The blog page itself is not there.
    await expect(layout.getByTestId('page-title')).toHaveCount(0);
  });

  test('client-side navigation from /blog to / still works', async ({ page }) => {
    await page.goto(`${webUrl}/blog`);
    await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    });
    await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
});

test('after mfe_blog is back, /blog renders its page again', async ({ page }) => {
  const fromBlog: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${blogUrl}/`) && r.ok()) fromBlog.push(r.url());
  });
  await page.goto(`${webUrl}/blog`);
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  expect(fromBlog.length).toBeGreaterThan(0);
});
