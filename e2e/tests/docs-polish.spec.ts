// Issue 25, the docs as a careful reader meets them. At 390 px (en and /ru): Redoc's navigation button no longer
// floats over the page — on arrival it covered the page's intro — but is a labelled bar at the top of the reference
// that covers neither the page's intro nor the reference's own; open, it stays above the drawer and closes it.
// At 1280 px: the docs overview's cards are as tall as their links (no few links spread over large gaps).
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { LOCALES, localePath, VIEWPORTS } from '../helpers/looks';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const MENU_LABEL = { en: 'API sections', ru: 'Разделы API' } as const;

for (const { code, prefix } of LOCALES) {
  test(`${code}: at 390 px the API reference's menu is a labelled bar that covers no intro, and it opens and closes the menu`, async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[390]);
    await page.goto(localePath(prefix, '/docs/api-reference'));
    const reference = page.getByTestId('api-reference');
    await expect(reference).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    const menu = page.getByTestId('redoc').getByTestId('floating-button');
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(`"${MENU_LABEL[code]}"`);

    // on arrival: the page's title and intro are uncovered
    const pageIntro = [page.getByTestId('page-title'), page.getByTestId('docs-article').locator('p').first()];
    for (const part of pageIntro) expect(overlap(await box(menu), await box(part)), `the menu covers ${part}`).toBe(false);

    // at the reference: its title and description are below the bar, uncovered
    await page.evaluate(() => document.querySelector('[data-testid="api-reference"]')?.scrollIntoView());
    const redocMain = page.getByTestId('redoc').locator('main');
    const intro = [redocMain.getByRole('heading', { name: 'Coinferry API' }).first(), redocMain.getByText('Public, account and partner API').first()];
    for (const part of intro) {
      await expect(part).toBeInViewport();
      expect(overlap(await box(menu), await box(part)), `the menu covers ${part}`).toBe(false);
    }

    // open: the drawer shows below the bar, which closes it
    await menu.click();
    const drawer = page.getByTestId('redoc').locator('.menu-content');
    await expect(drawer).toBeVisible();
    await expect(menu).toBeInViewport();
    const [bar, panel] = [await box(menu), await box(drawer)];
    expect(bar.y + bar.height).toBeLessThanOrEqual(panel.y + 1);
    await menu.click();
    await expect(drawer).toBeHidden();
  });
}

test('the docs overview at 1280 px: its cards side by side, each as tall as its links', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[1280]);
  await page.goto('/docs');
  const sections = page.getByTestId('docs-home-section');
  await expect(sections.first()).toBeVisible();
  const cards = await sections.evaluateAll((els) =>
    els.map((el) => {
      const card = el.getBoundingClientRect();
      const last = el.querySelector('li:last-child')?.getBoundingClientRect();
      return { x: Math.round(card.left), blankBelow: card.bottom - (last?.bottom ?? card.bottom) };
    }),
  );
  expect(cards.length).toBeGreaterThanOrEqual(3);
  expect(new Set(cards.map((c) => c.x)).size, 'the cards in one column').toBeGreaterThanOrEqual(2);
  // below the last link only the card's own padding (20 px) and border
  for (const card of cards) expect(card.blankBelow).toBeLessThanOrEqual(32);
});
