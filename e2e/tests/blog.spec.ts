// §2 blog routes on the real content service (content/blog, api/src/modules/content), en and /ru: the index and its
// pages, a post with a multi-segment slug and its headings (an anchor lands on its heading), a category and its page
// 2 (guides: 5 posts, 4 a page), an unknown slug is the 404, the roadmap's three groups, and with JavaScript off a
// post is all there in the first HTML. (Replaces blog-pagination.spec.ts.)
import type { Page } from '@playwright/test';
import { expect, expectSameDocument, markDocument, test } from '../fixtures';

const LOCALES = [
  {
    prefix: '',
    pageN: (n: number) => `Page ${n}`,
    guides: 'Guides',
    firstHeading: 'The floating rate',
    readAll: 'Read all articles',
    older: /Older articles/,
    notFound: 'Page not found',
    notFoundAt: 'Page Not Found',
  },
  {
    prefix: '/ru',
    pageN: (n: number) => `Страница ${n}`,
    guides: 'Инструкции',
    firstHeading: 'Плавающий курс',
    readAll: 'Читать все статьи',
    older: /Более ранние статьи/,
    notFound: 'Страница не найдена',
    notFoundAt: 'Страница не найдена',
  },
] as const;

const POST = '/blog/guides/fixed-vs-floating-rate';

const postLinks = (page: Page) => page.getByTestId('blog-post-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

for (const l of LOCALES) {
  test.describe(l.prefix || '/', () => {
    test('the blog index and its page 2 list different posts, each page says which it is', async ({ page }) => {
      await page.goto(`${l.prefix}/blog`);
      await expect(page.getByTestId('layout-blog-sidebar').getByTestId('blog-post-card')).toHaveCount(4);
      const first = await postLinks(page);
      await expect(page.getByTestId('blog-page-indicator')).toHaveText(l.pageN(1));
      // the sidebar: categories with their counts, the recent posts
      await expect(page.getByTestId('blog-sidebar-categories').getByRole('link')).toHaveCount(3);
      await expect(page.getByTestId('blog-sidebar-recent').getByRole('link')).toHaveCount(5);
      await markDocument(page);
      await page.getByTestId('blog-older').click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog/page2$`));
      await expect(page.getByTestId('blog-page-indicator')).toHaveText(l.pageN(2));
      await expect(page.getByTestId('blog-post-card')).toHaveCount(4);
      const second = await postLinks(page);
      expect(second.filter((href) => first.includes(href))).toEqual([]);
      await expectSameDocument(page);
      // page 2 loaded directly is the same list
      await page.goto(`${l.prefix}/blog/page2`);
      await expect(page.getByTestId('blog-post-card')).toHaveCount(4);
      expect(await postLinks(page)).toEqual(second);
    });

    test('a post with a multi-segment slug renders with its headings; a table-of-contents link lands on its heading', async ({ page }) => {
      await page.goto(`${l.prefix}${POST}`);
      const body = page.getByTestId('blog-post-body');
      await expect(body.getByRole('heading', { level: 2 }).first()).toHaveText(l.firstHeading);
      expect(await body.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('page-title')).not.toHaveText('');
      const toc = page.getByTestId('blog-toc');
      const last = toc.getByRole('link').last();
      const hash = (await last.getAttribute('href')) ?? '';
      expect(hash).toMatch(/^#./);
      await last.click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}${POST}${hash}$`));
      await expect(page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`)).toBeInViewport();
    });

    test('a link to a heading lands on it: loaded with the hash, and after a client navigation to it', async ({ page }) => {
      await page.goto(`${l.prefix}${POST}`);
      const hash = (await page.getByTestId('blog-toc').getByRole('link').nth(3).getAttribute('href')) ?? '';
      const heading = page.locator(`[id="${decodeURIComponent(hash.slice(1))}"]`);
      await page.goto(`${l.prefix}${POST}${hash}`);
      await expect(heading).toBeInViewport();
      // from the blog index, inside the app: the post is fetched, then the heading scrolled to
      await page.goto(`${l.prefix}/blog`);
      await markDocument(page);
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `${l.prefix}${POST}${hash}`);
      await expect(heading).toBeInViewport();
      await expectSameDocument(page);
    });

    test('a link inside the post opens the other post inside the app; "Read all articles" goes to the blog', async ({ page }) => {
      await page.goto(`${l.prefix}${POST}`);
      await markDocument(page);
      await page.getByTestId('blog-post-body').locator('a[href$="/blog/guides/when-a-fixed-rate-breaks"]').first().click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog/guides/when-a-fixed-rate-breaks$`));
      await expect(page.getByTestId('blog-post-body')).toBeVisible();
      await page.getByRole('link', { name: l.readAll }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog$`));
      await expect(page.getByTestId('blog-post-card')).toHaveCount(4);
      await expectSameDocument(page);
    });

    test('a category and its page 2 (guides: 5 posts, 4 a page); the category is marked current', async ({ page }) => {
      await page.goto(`${l.prefix}/blog/guides`);
      await expect(page.getByTestId('page-title')).toHaveText(l.guides);
      await expect(page.getByTestId('blog-post-card')).toHaveCount(4);
      await expect(page.getByTestId('blog-sidebar-categories').locator('[aria-current="page"]')).toContainText(l.guides);
      await page.getByRole('link', { name: l.older }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/blog/guides/page2$`));
      await expect(page.getByTestId('blog-post-card')).toHaveCount(1);
      await expect(page.getByTestId('blog-page-indicator')).toHaveText(l.pageN(2));
      await page.goto(`${l.prefix}/blog/guides/page2`);
      await expect(page.getByTestId('page-title')).toHaveText(l.guides);
      await expect(page.getByTestId('blog-post-card')).toHaveCount(1);
    });

    test('an unknown slug, a page past the last and a page number on a post show Page not found (the §2 404)', async ({ page }) => {
      for (const path of ['/blog/news/how-to-buy', '/blog/guides/page3', '/blog/page9', `${POST}/page2`]) {
        const res = await page.goto(`${l.prefix}${path}`);
        expect(res?.status(), path).toBe(404);
        // the shell's one 404 page, in the page's language, "Page not found: {path}"
        await expect(page.getByTestId('not-found'), path).toHaveText(l.notFound);
        await expect(page.getByTestId('error-status'), path).toHaveText('404');
        await expect(page.getByTestId('error-message'), path).toHaveText(`${l.notFoundAt}: ${l.prefix}${path}`);
      }
    });

    test('the roadmap shows its three groups', async ({ page }) => {
      await page.goto(`${l.prefix}/roadmap`);
      for (const group of ['done', 'in_progress', 'planned']) await expect(page.getByTestId(`roadmap-group-${group}`)).toBeVisible();
      expect(await page.getByTestId('roadmap-item').count()).toBeGreaterThan(0);
    });
  });
}

const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)|server rendered/i;

test('every blog page kind hydrates without a mismatch or a page error, en and ru', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION_TROUBLE.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  for (const prefix of ['', '/ru']) {
    for (const path of ['/blog', '/blog/page3', POST, '/blog/guides', '/blog/guides/page2', '/roadmap']) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByTestId('page-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(problems, `after ${prefix}${path}`).toEqual([]);
    }
  }
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const l of LOCALES) {
    test(`${l.prefix}${POST}: the whole post is in the first HTML`, async ({ page }) => {
      const res = await page.goto(`${l.prefix}${POST}`);
      expect(res?.status()).toBe(200);
      const body = page.getByTestId('blog-post-body');
      await expect(body.getByRole('heading', { level: 2 }).first()).toHaveText(l.firstHeading);
      await expect(body.getByRole('img').first()).toBeVisible();
      await expect(page.getByTestId('blog-toc').getByRole('link').first()).toHaveAttribute('href', /^#./);
      await expect(page.getByRole('link', { name: l.readAll })).toHaveAttribute('href', `${l.prefix}/blog`);
    });
  }
});
