// Issue 24: marketing and analytics storage waits for consent. Before a choice the page stores no UTM history, no
// first-visit cookie, no referral cookie and no analytics key, and sends no analytics event; "Accept all" is remembered
// (a reload shows no banner) and turns them on; "Essential only" from the footer's Cookie settings deletes them again.
// en and /ru; the banner is keyboard-operable and leaves the exchange form's controls uncovered on a phone.
import type { BrowserContext, Page } from '@playwright/test';
import { describeViolations, seriousViolations } from '../helpers/axe';
import { expect, test } from '../fixtures';

test.use({ consent: 'none' });

const SINK = '/api/v1/analytics/events';
const MARKETING_COOKIES = ['referralID', 'utm_first_visit'];

function watchSink(page: Page): { count: () => number } {
  let sent = 0;
  page.context().on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === SINK) sent += 1;
  });
  return { count: () => sent };
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name);
}

/** The site's localStorage and sessionStorage keys (the exchange form's draft and confirmed emails are essential). */
async function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort());
}

const MARKETING_KEY = /^(utm_|analytics_)/;

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: nothing of marketing or analytics before a choice; "Accept all" is kept and turns them on; "Essential only" from the footer removes them`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const sink = watchSink(page);
    await page.goto(`${prefix || '/'}?ref=partner-e2e&utm_source=newsletter&utm_campaign=launch`);
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('consent-policy-link')).toHaveAttribute('href', `${prefix}/privacy`);
    // axe: the banner (a labelled region, its buttons and link) has no serious or critical violation
    const violations = await seriousViolations(page, '[data-testid="consent-banner"]');
    expect(violations, describeViolations(violations)).toEqual([]);

    // before a choice: no marketing cookie, no UTM or analytics key, no event (the shell pushes every event to the
    // dataLayer at once, and sends to the sink only what it pushed)
    expect(await cookieNames(page.context())).not.toContain('cookie_consent');
    expect((await cookieNames(page.context())).filter((n) => MARKETING_COOKIES.includes(n))).toEqual([]);
    expect((await storageKeys(page)).filter((k) => MARKETING_KEY.test(k))).toEqual([]);
    const dataLayer = await page.evaluate(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length);
    expect([dataLayer, sink.count()]).toEqual([0, 0]);

    // Accept all, by keyboard: the choice cookie with its date; the landing's UTM and referral are recorded now
    await banner.getByTestId('consent-accept-all').focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    const consent = (await page.context().cookies()).find((c) => c.name === 'cookie_consent');
    expect(consent?.value).toMatch(/^all\.\d{4}-\d{2}-\d{2}$/);
    await expect.poll(() => cookieNames(page.context())).toEqual(expect.arrayContaining(MARKETING_COOKIES));
    expect((await page.context().cookies()).find((c) => c.name === 'referralID')?.value).toBe('partner-e2e');
    await expect.poll(() => storageKeys(page)).toEqual(expect.arrayContaining(['utm_history', 'utm_session_id']));
    await expect.poll(() => sink.count(), { message: 'analytics reach the sink after consent', timeout: 15_000 }).toBeGreaterThan(0);

    // kept: a reload shows no banner
    await page.reload();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);

    // changeable from the footer: the banner says the current choice; Essential only deletes the marketing storage
    await page.getByTestId('footer-cookie-settings').click();
    await expect(page.getByTestId('consent-banner')).toBeFocused();
    await expect(page.getByTestId('consent-current')).toBeVisible();
    await page.getByTestId('consent-essential-only').click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect.poll(async () => (await cookieNames(page.context())).filter((n) => MARKETING_COOKIES.includes(n))).toEqual([]);
    expect((await storageKeys(page)).filter((k) => MARKETING_KEY.test(k))).toEqual([]);
    expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^essential\./);
    // essential cookies stay (the locale's, when the page set one) and the page keeps working
    await page.reload();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect(page.getByTestId('site-name')).toBeVisible();
  });
}

test('without consent web does not set the referral cookie of a ?ref= link, and the server render shows the banner', async ({ request, stack }) => {
  const res = await request.get(`${stack.webUrl}/exchange-btc-eth?ref=partner-e2e`, { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()['set-cookie'] ?? '').not.toContain('referralID');
  expect(await res.text()).toContain('data-testid="consent-banner"');
  const consented = await request.get(`${stack.webUrl}/exchange-btc-eth?ref=partner-e2e`, {
    maxRedirects: 0,
    headers: { cookie: `cookie_consent=all.${new Date().toISOString().slice(0, 10)}` },
  });
  expect(consented.headers()['set-cookie'] ?? '').toContain('referralID=partner-e2e');
  expect(await consented.text()).not.toContain('data-testid="consent-banner"');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the banner does not cover the exchange form’s controls', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    const amount = page.getByTestId('amount-send');
    await amount.scrollIntoViewIfNeeded();
    // the control is the element at its own centre: nothing lies over it
    const covered = await amount.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !(top && (el === top || el.contains(top) || top.contains(el)));
    });
    expect(covered).toBe(false);
  });
});
