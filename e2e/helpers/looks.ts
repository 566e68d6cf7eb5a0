// The ways the site is looked at by a11y.spec.ts and visual.spec.ts (issue 10): two themes, a phone and a laptop,
// two languages; and how to wait until a page has settled before it is scanned or photographed.
import type { BrowserContext, Page } from '@playwright/test';
import { THEME_COOKIE } from 'shared-contracts';
import { stackInfo } from '../harness/client';
import { expect } from '../fixtures';

export const THEMES = ['light', 'dark'] as const;
export type ThemeName = (typeof THEMES)[number];

/** 390 px: a phone (iPhone 12–15); 1280 px: a laptop. */
export const VIEWPORTS = {
  390: { width: 390, height: 844 },
  1280: { width: 1280, height: 800 },
} as const;
export type Width = keyof typeof VIEWPORTS;
export const WIDTHS = [390, 1280] as const satisfies readonly Width[];

export const LOCALES = [
  { code: 'en', prefix: '' },
  { code: 'ru', prefix: '/ru' },
] as const;
export type LocalePrefix = (typeof LOCALES)[number]['prefix'];

/** The theme as a visitor who chose it has it: the cookie the shell sets (web renders `data-theme` from it). */
export async function useTheme(context: BrowserContext, theme: ThemeName): Promise<void> {
  await context.addCookies([{ name: THEME_COOKIE, value: theme, url: stackInfo().webUrl, sameSite: 'Lax' }]);
}

/** `path` under the locale's prefix (`/` → `/ru`, `/blog` → `/ru/blog`). */
export const localePath = (prefix: LocalePrefix, path: string): string => (prefix && path === '/' ? prefix : `${prefix}${path}`);

/**
 * Waits until the page is what a visitor looks at: the app live (fixtures' goto), the theme applied, a heading
 * (or the 404 page) shown, no remote slot still loading, the network quiet and the web fonts in.
 */
export async function settle(page: Page, theme: ThemeName): Promise<void> {
  await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByTestId('page-title').or(page.getByTestId('not-found')).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('slot-loading')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
