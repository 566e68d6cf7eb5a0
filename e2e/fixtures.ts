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

export const test = base.extend<{ stack: StackInfo }>({
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
