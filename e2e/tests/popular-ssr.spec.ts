// Issue 27: `/popular-exchanges` is server-rendered with its list (the page's loader): with JavaScript off the first
// HTML lists the same pairs, each with its rate, that the browser shows when it loads the list itself (a client
// navigation); with it on the page hydrates that table with no mismatch warning and the table does not move.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const PAGES = [
  { locale: 'en', path: '/popular-exchanges', from: '/blog' },
  { locale: 'ru', path: '/ru/popular-exchanges', from: '/ru/blog' },
] as const;

/** Each row: its pair (test id), the state of its rate and the link's accessible name (the rate's digits change tick by tick). */
async function rows(page: Page) {
  const list = page.getByTestId('popular-list');
  await expect(list).toBeVisible();
  return list.locator('[data-testid^="popular-pair-"]').evaluateAll((els) =>
    els.map((el) => ({
      pair: el.getAttribute('data-testid'),
      rate: el.getAttribute('data-rate'),
      link: el.querySelector('a')?.textContent?.trim() ?? '',
      priced: /=/.test(el.textContent ?? ''),
    })),
  );
}

/**
 * Opens the page until web sends it rendered with its list (at most 5 tries): a render over web's budget (a cold
 * stack, a busy machine) sends the skeleton and leaves the page to the browser, by design (issue 9); what is checked
 * here is the page web renders in time.
 */
async function openServerRendered(page: Page, open: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    await open();
    if ((await page.getByTestId('popular-list').count()) > 0 || attempt === 5) return;
    await page.waitForTimeout(500);
  }
}

const HYDRATION_TROUBLE = /hydrat|did not match|Minified React error #(418|423|425)|server rendered/i;

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION_TROUBLE.test(m.text())) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

for (const { locale, path, from } of PAGES) {
  test(`${locale}: with JavaScript off ${path} lists the rows the browser shows after loading them itself`, async ({ browser, page, stack }) => {
    // the browser's own load: reached by a client navigation, the page has no server data and fetches the list
    await page.goto(from);
    await page.locator(`header nav a[href="${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // every rate in (the list first: without it there is no row loading either)
    await expect(page.getByTestId('popular-list')).toBeVisible();
    await expect(page.getByTestId('popular-list').locator('[data-rate="loading"]')).toHaveCount(0);
    const client = await rows(page);
    expect(client.length).toBeGreaterThan(0);

    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: stack.webUrl });
    const off = await noScript.newPage();
    await openServerRendered(off, async () => expect((await off.goto(path))?.status()).toBe(200));
    const served = await rows(off);
    expect(served).toEqual(client);
    expect(served.every((r) => r.rate === 'ready' && r.priced)).toBe(true);
    await expect(off.locator('main [aria-busy="true"]')).toHaveCount(0);
    await noScript.close();
  });

  test(`${locale}: ${path} hydrates the server's table with no mismatch, no request for the list, and the rows do not move`, async ({ page }) => {
    const problems = watchConsole(page);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/pairs\/popular|\/api\/v2\/rates\/public\/one/.test(r.url())) listCalls.push(r.url());
    });
    // the remotes are held back, so the server's page is measured before it is live
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remoteEntry.js', async (route) => {
      await held;
      // a try the page left (it had the skeleton) has no request to continue
      await route.continue().catch(() => undefined);
    });
    await openServerRendered(page, () => page.mainFrame().goto(path, { waitUntil: 'domcontentloaded' }));
    listCalls.length = 0;
    // the site font swapped in moves text whatever the data does: measured once it is there
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await page.locator('html').getAttribute('data-app-live')).toBeNull();
    const before = await rows(page);
    expect(before.length).toBeGreaterThan(0);
    const boxBefore = await page.getByTestId('popular-list').boundingBox();

    release();
    await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const after = await rows(page);
    expect(after.map((r) => [r.pair, r.rate, r.link])).toEqual(before.map((r) => [r.pair, r.rate, r.link]));
    expect(await page.getByTestId('popular-list').boundingBox()).toEqual(boxBefore);
    expect(listCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
}
