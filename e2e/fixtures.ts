// Every spec imports `test` and `expect` from here: baseURL points at the harness's web server.
import { test as base, expect, type Page } from '@playwright/test';
import { stackInfo } from './harness/client';
import type { StackInfo } from './harness/stack';

export const test = base.extend<{ stack: StackInfo }>({
  stack: async ({}, use) => {
    await use(stackInfo());
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
