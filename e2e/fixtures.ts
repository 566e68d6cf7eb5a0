// Every spec imports `test` and `expect` from here: baseURL points at the harness's web server.
import { test as base, expect, type Page } from '@playwright/test';
import { stackInfo } from './harness/client';
import type { StackInfo } from './harness/stack';

/**
 * Navigates and, when the page runs JavaScript, waits until the app is live (`data-app-live` on `<html>`, set after
 * hydration): a server-rendered page is visible before its buttons work, and a click in between would be lost.
 */
export async function gotoLive(page: Page, url: string, options?: Parameters<Page['goto']>[1]) {
  const response = await page.goto(url, options);
  await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 30_000 });
  return response;
}

/**
 * Issue 24: the visitor's cookie choice every context starts with. 'all' (the default) keeps the specs written before
 * the consent banner as they were (no banner; analytics, UTM and the referral cookie on); a spec about consent says
 * `test.use({ consent: 'none' })` and chooses on the page.
 */
export type ConsentFixture = 'all' | 'essential' | 'none';

export const test = base.extend<{ stack: StackInfo; consent: ConsentFixture }>({
  consent: ['all', { option: true }],
  // the consent cookie for the harness's host, in every context (browser.newContext() in a spec too)
  storageState: async ({ consent }, use) => {
    if (consent === 'none') return use(undefined);
    const value = `${consent}.${new Date().toISOString().slice(0, 10)}`;
    const domain = new URL(stackInfo().webUrl).hostname;
    await use({ cookies: [{ name: 'cookie_consent', value, domain, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] });
  },
  stack: async ({}, use) => {
    await use(stackInfo());
  },
  // every spec's `page.goto` waits for the app to be live (see gotoLive)
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 30_000 });
        return response;
      };
    }
    await use(page);
  },
  baseURL: async ({}, use) => {
    await use(stackInfo().webUrl);
  },
});

export { expect };

/** Marks the current document so that a later check can prove no full reload happened since. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: number }).__e2eMarker = 1;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  const marker = await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker);
  expect(marker, 'the page was reloaded (document marker lost)').toBe(1);
}

export const CYRILLIC = /[\u0400-\u04FF]/;
