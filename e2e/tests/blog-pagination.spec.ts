// §2 `/blog/page{page}` and `/blog/{slug}/page{page}`: the shell's route table and the blog remote name the
// param alike (the page map of shared-contracts), so the second page of a list says it is page 2.
import { expect, test } from '../fixtures';

const CASES = [
  { path: '/blog/page2', text: 'Page 2' },
  { path: '/ru/blog/page2', text: 'Страница 2' },
  { path: '/blog/news/page2', text: 'Page 2' },
  { path: '/ru/blog/news/page3', text: 'Страница 3' },
];

for (const { path, text } of CASES) {
  test(`${path} shows "${text}"`, async ({ page }) => {
    await page.goto(path);
    const indicator = page.getByTestId('layout-blog-sidebar').getByTestId('blog-page-indicator');
    await expect(indicator).toBeVisible();
    await expect(indicator).toHaveText(text);
  });
}

test('/blog (the first page) shows no page indicator', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('blog-page-indicator')).toHaveCount(0);
});

test('moving from page 2 to page 3 inside the site updates the indicator', async ({ page }) => {
  await page.goto('/blog/page2');
  await expect(page.getByTestId('blog-page-indicator')).toHaveText('Page 2');
  await page.evaluate(() => {
    history.pushState(null, '', '/blog/page3');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('blog-page-indicator')).toHaveText('Page 3');
});
