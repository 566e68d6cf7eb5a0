// (c) Spec §2 "Redirects and normalisation" and the 404 pages.
// The 301 rules are checked on the first HTTP response of web (plain requests, no redirects followed).
import type { APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures';

function locationOf(res: APIResponse, base: string): string {
  const loc = res.headers()['location'];
  expect(loc, `no Location header on HTTP ${res.status()}`).toBeTruthy();
  const u = new URL(loc, base);
  expect(u.origin, 'redirect leaves the site').toBe(new URL(base).origin);
  return `${u.pathname}${u.search}`;
}

const REDIRECTS: Array<[from: string, to: string]> = [
  ['/ua/foo', '/uk/foo'],
  ['/ua/foo?x=1&y=2', '/uk/foo?x=1&y=2'],
  ['//blog///x', '/blog/x'],
  ['/blog/', '/blog'],
  ['/blog/?page=2&utm_source=e2e', '/blog?page=2&utm_source=e2e'],
  ['/popular-exchanges//', '/popular-exchanges'],
];

for (const [from, to] of REDIRECTS) {
  test(`301 ${from} → ${to}`, async ({ request, stack }) => {
    // A full URL: a path starting with // would otherwise be read as protocol-relative.
    const res = await request.get(`${stack.webUrl}${from}`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(locationOf(res, stack.webUrl)).toBe(to);
  });
}

test('the root / is not redirected', async ({ request }) => {
  const res = await request.get('/', { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});

test('?ref=abc stores the referralID cookie for 24 hours', async ({ request, page, context, stack }) => {
  for (const path of ['/?ref=abc', '/blog?ref=abc']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    const cookies = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value);
    const referral = cookies.find((c) => /^referralID=/.test(c));
    expect(referral, `${path}: no Set-Cookie referralID (got ${JSON.stringify(cookies)})`).toBeTruthy();
    expect(referral).toMatch(/^referralID=abc(;|$)/);
    expect(referral).toMatch(/;\s*Max-Age=86400(;|$)/i);
    expect(referral).toMatch(/;\s*Path=\/(;|$)/i);
  }
  // And the browser keeps it for a day.
  await page.goto('/?ref=abc');
  const cookie = (await context.cookies(stack.webUrl)).find((c) => c.name === 'referralID');
  expect(cookie?.value).toBe('abc');
  const ttl = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(ttl).toBeGreaterThan(86_400 - 120);
  expect(ttl).toBeLessThanOrEqual(86_400 + 5);
});

test('a path matching no route shows the 404 page titled "Page not found"', async ({ page }) => {
  await page.goto('/this-route-does-not-exist/e2e');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found\b/);
  // The site around it still renders.
  await expect(page.locator('[data-testid^="layout-"]').first()).toBeVisible();
});

test('pair codes are lower-cased (§2): /exchange-BTC-ETH?amount=1 is a 301 to /exchange-btc-eth?amount=1, /ru too', async ({ request, page, stack }) => {
  for (const [from, to] of [
    ['/exchange-BTC-ETH?amount=1', '/exchange-btc-eth?amount=1'],
    ['/ru/exchange-BTC-eth?amount=1', '/ru/exchange-btc-eth?amount=1'],
  ]) {
    const res = await request.get(`${stack.webUrl}${from}`, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(locationOf(res, stack.webUrl)).toBe(to);
  }
  await page.goto('/exchange-BTC-ETH?amount=1');
  const landed = new URL(page.url());
  expect(landed.pathname).toBe('/exchange-btc-eth');
  expect(landed.searchParams.get('amount')).toBe('1');
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('/exchange-btc-eth (lower case) is a valid pair page', async ({ page }) => {
  await page.goto('/exchange-btc-eth');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await expect(page.getByText(/Page Not Found/i)).toHaveCount(0);
});
