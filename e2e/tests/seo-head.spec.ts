// §2 SEO in the first HTML: with JavaScript off, what a crawler gets from web alone carries the page's title,
// description, canonical and alternates (none on blog), the home page's JSON-LD, and a 404 for an unknown path.
import { expect, test } from '../fixtures';

test.use({ javaScriptEnabled: false });

const PAGES = [
  { path: '/', canonical: '/', alternates: true },
  { path: '/ru', canonical: '/ru', alternates: true },
  { path: '/exchange-btc-eth', canonical: '/exchange-btc-eth', alternates: true },
  { path: '/blog', canonical: '/blog', alternates: false },
] as const;

for (const p of PAGES) {
  test(`${p.path}: title, description, canonical${p.alternates ? ', alternates' : ', no alternates'}`, async ({ page, baseURL }) => {
    const res = await page.goto(p.path);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', /\S/);
    const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(p.canonical);
    expect(new URL(canonical ?? '').origin).toBe(new URL(baseURL ?? '').origin);
    const hreflangs = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((e) => e.getAttribute('hreflang')));
    expect(hreflangs).toEqual(p.alternates ? ['en', 'ru', 'x-default'] : []);
  });
}

test('the home page JSON-LD parses: an Organization and its Review', async ({ page }) => {
  await page.goto('/');
  const ld = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? 'null');
  const types = (ld['@graph'] as { '@type': string }[]).map((n) => n['@type']);
  expect(types).toEqual(['Organization', 'Review']);
  expect(ld['@graph'][1].reviewRating).toMatchObject({ bestRating: 5, worstRating: 1 });
});

test('an unknown path answers 404', async ({ page }) => {
  const res = await page.goto('/no-such-page-anywhere');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(/./);
});
