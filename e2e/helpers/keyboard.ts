// Keyboard-only driving for keyboard-journey.spec.ts (issue 10): move the focus with Tab / Shift+Tab as a person
// would (never a click, never `.focus()`), and check that the focused control shows where the focus is.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** A short description of the focused element: tag, test id, role, accessible-ish name. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const id = el.getAttribute('data-testid');
    const role = el.getAttribute('role');
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('placeholder') ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''}${role ? `(${role})` : ''}${name ? ` "${name}"` : ''}`;
  });
}

const isFocused = (target: Locator): Promise<boolean> => target.evaluateAll((els) => els.some((e) => e === document.activeElement));

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails with the way the focus went when it does not get
 * there within `max` presses (a control that cannot be reached, or a focus trap).
 */
export async function tabTo(page: Page, target: Locator, o: { backwards?: boolean; max?: number } = {}): Promise<void> {
  const key = o.backwards ? 'Shift+Tab' : 'Tab';
  const max = o.max ?? 80;
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
    path.push(await describeFocus(page));
  }
  if (await isFocused(target)) return;
  throw new Error(`${target} not reached with ${max} × ${key}; the focus went: ${path.join(' → ')}`);
}

/**
 * The focused control shows its focus: an outline or a box-shadow appears on it (or on what draws it: a visually
 * hidden input's next sibling, its wrapper or the wrapper's parent, pseudo-elements included) when it has the
 * focus, compared with the same elements a moment after it lost it. The focus is given back right after, so the
 * next Tab continues from it.
 */
export async function expectFocusVisible(page: Page, what: string): Promise<void> {
  const result = await page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, detail: 'nothing has the focus' };
    const candidates = [el, el.nextElementSibling, el.parentElement, el.parentElement?.parentElement].filter((c): c is Element => !!c);
    const read = () =>
      candidates.flatMap((c) =>
        [null, '::before', '::after'].map((pseudo) => {
          const s = getComputedStyle(c, pseudo);
          const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : 'none';
          return { outline, shadow: s.boxShadow };
        }),
      );
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const focused = read();
    el.blur();
    await frames();
    await new Promise((r) => setTimeout(r, 50));
    const blurred = read();
    el.focus();
    const changed = focused
      .map((f, i) => ({ f, b: blurred[i] }))
      .filter(({ f, b }) => (f.outline !== 'none' && f.outline !== b.outline) || (f.shadow !== 'none' && f.shadow !== b.shadow));
    const own = focused[0];
    return {
      ok: changed.length > 0,
      detail: `focused: outline ${own.outline}, box-shadow ${own.shadow}; ${changed.length} style(s) change with the focus`,
    };
  });
  expect(result.ok, `${what}: no visible focus indicator (${result.detail}) on ${await describeFocus(page)}`).toBe(true);
}
