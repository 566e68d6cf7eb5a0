// (b) One route of every remote renders its page inside its layout, with the remote's code fetched from
// the remote's own static server (REMOTE_<NAME>_URL), not from a fallback.
import type { Page } from '@playwright/test';
import type { RemoteName } from '../harness/apps';
import { CYRILLIC, expect, test } from '../fixtures';

interface Case {
  path: string;
  remote: RemoteName;
  /** data-testid of the layout root; undefined = any `layout-*` */
  layout?: string;
  ru?: boolean;
}

const CASES: Case[] = [
  { path: '/', remote: 'mfe_exchange', layout: 'layout-default' },
  { path: '/popular-exchanges', remote: 'mfe_exchange', layout: 'layout-default' },
  { path: '/order/pending', remote: 'mfe_order', layout: 'layout-default' },
  { path: '/blog', remote: 'mfe_blog', layout: 'layout-blog-sidebar' },
  { path: '/roadmap', remote: 'mfe_blog', layout: 'layout-default' },
  { path: '/support', remote: 'mfe_blog', layout: 'layout-default' },
  { path: '/docs', remote: 'mfe_docs', layout: 'layout-docs-sidebar' },
  { path: '/ru/popular-exchanges', remote: 'mfe_exchange', layout: 'layout-default', ru: true },
];

/** Collects the URLs of successful responses served by one origin. */
function responsesFrom(page: Page, origin: string): string[] {
  const urls: string[] = [];
  page.on('response', (res) => {
    if (res.url().startsWith(`${origin}/`) && res.ok()) urls.push(res.url());
  });
  return urls;
}

async function expectPageInLayout(page: Page, layout: string | undefined): Promise<void> {
  const layoutRoot = layout ? page.getByTestId(layout) : page.locator('[data-testid^="layout-"]').first();
  await expect(layoutRoot).toBeVisible();
  const title = layoutRoot.getByTestId('page-title');
  await expect(title).toBeVisible();
  await expect(title).not.toBeEmpty();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
}

for (const c of CASES) {
  test(`${c.path} renders ${c.remote}'s page in ${c.layout ?? 'its layout'}`, async ({ page, stack }) => {
    const fromRemote = responsesFrom(page, stack.remotes[c.remote]);
    const response = await page.goto(c.path);
    expect(response?.status(), `first HTML of ${c.path}`).toBe(200);
    await expectPageInLayout(page, c.layout);
    await expect.poll(() => fromRemote.length, { message: `nothing was loaded from ${c.remote} at ${stack.remotes[c.remote]}` }).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe(c.path);
    if (c.ru) {
      await expect(page.locator('html')).toHaveAttribute('lang', /^ru\b/);
      await expect(page.getByTestId('page-title')).toHaveText(CYRILLIC);
    }
  });
}

// lk-redirect (spec §2): "the redirect rule of lk-redirect: not shown". A guest either sees the profile
// page or is sent somewhere by the shell; either way the result must be a rendered page, not an error.
test('/profile/info for a guest: the profile page or the shell’s lk-redirect, rendered', async ({ page, stack }) => {
  const fromProfile = responsesFrom(page, stack.remotes.mfe_profile);
  await page.goto('/profile/info');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  const finalPath = new URL(page.url()).pathname;
  if (finalPath === '/profile/info') {
    // Shown to guests: then it is mfe_profile's page, in the default layout.
    await expectPageInLayout(page, 'layout-default');
    await expect.poll(() => fromProfile.length, { message: 'profile page shown but nothing loaded from mfe_profile' }).toBeGreaterThan(0);
  } else {
    // Redirected by the shell: to another page of the site that renders.
    await expectPageInLayout(page, undefined);
    test.info().annotations.push({ type: 'lk-redirect', description: `guest /profile/info → ${page.url()}` });
  }
});
