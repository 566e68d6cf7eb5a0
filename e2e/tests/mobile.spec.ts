// Phone first (issue 10): at 360 px, the narrowest phone the site is made for, no page scrolls sideways, the
// header stays one row, and the controls a thumb uses are at least 44 px tall.
import { settle, useTheme } from '../helpers/looks';
import { expect, test } from '../helpers/seed';

const PHONE = { width: 360, height: 780 };

test('at 360 px no page scrolls sideways, the header is one row and every control is a 44 px target', async ({ browser, seed }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: PHONE });
  await useTheme(context, 'light');
  const page = await context.newPage();
  const paths = [
    '/',
    '/ru',
    '/exchange-btc-eth',
    '/ru/exchange-btc-eth',
    '/ru/popular-exchanges',
    seed.waitingOrder.path,
    seed.completedOrder.path,
    '/blog',
    '/docs',
    '/ru/support',
    '/no/such/page',
  ];
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page, 'light');
    const found = await page.evaluate(() => {
      const out: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth) {
        // name the widest element that sticks out, to say what to fix
        let widest: Element | null = null;
        for (const el of document.body.querySelectorAll('*')) if (el.getBoundingClientRect().right > window.innerWidth + 1) widest = el;
        const what = widest
          ? `${widest.tagName.toLowerCase()}${widest.getAttribute('data-testid') ? `[data-testid=${widest.getAttribute('data-testid')}]` : ''}.${String(widest.className).slice(0, 40)} "${(widest.textContent ?? '').slice(0, 60)}" in ${widest.parentElement?.getAttribute('data-testid') ?? widest.parentElement?.className}`
          : '?';
        out.push(`scrolls sideways: ${doc.scrollWidth}px wide in ${window.innerWidth}px (${what})`);
      }
      // a short tab list (the rate mode's two tabs) shows every tab whole; only long ones (the profile's) scroll
      for (const list of document.querySelectorAll<HTMLElement>('[role="tablist"]')) {
        const tabs = list.querySelectorAll('[role="tab"]');
        if (tabs.length <= 3 && list.scrollWidth > list.clientWidth + 1) {
          out.push(`tab list "${list.getAttribute('aria-label')}" cuts its tabs: ${list.scrollWidth}px in ${list.clientWidth}px`);
        }
      }
      const header = document.querySelector('header');
      if (header && header.getBoundingClientRect().height > 80) out.push(`header ${Math.round(header.getBoundingClientRect().height)}px tall (wraps?)`);
      // buttons, tabs, fields and selects a visitor taps (links inside running text are exempt: WCAG 2.5.8)
      for (const el of document.querySelectorAll<HTMLElement>('button, [role="tab"], input:not([type="checkbox"]):not([type="radio"]), select')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        // a compact control may extend its hit area with a ::after (remote-kit's Button size sm): that area counts
        const after = getComputedStyle(el, '::after');
        const reach =
          after.content !== 'none' && after.position === 'absolute'
            ? Math.max(0, -parseFloat(after.top) || 0) + Math.max(0, -parseFloat(after.bottom) || 0)
            : 0;
        if (box.height + reach < 44 - 0.5)
          out.push(
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" is ${box.height.toFixed(0)}px tall`,
          );
      }
      return out;
    });
    for (const f of found) problems.push(`${path}: ${f}`);
  }
  await context.close();
  expect(problems).toEqual([]);
});
