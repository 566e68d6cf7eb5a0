// Redoc's navigation button on a phone (viewport ≤ 672 px, Redoc's `small` breakpoint): Redoc floats it as a 60 px
// circle fixed at the bottom right, over whatever is there — on arrival the page's own intro (issue 25). The site
// restyles it (reference.module.css) as a labelled bar in the flow at the top of the reference, sticky under the site
// header, so it covers nothing at rest; open, it is fixed under the header as the drawer's close bar. These are the
// measures that layout needs from the page.

/** Redoc's own test id of the button (redoc 3 `FloatingButton`). */
const REDOC_MENU_BUTTON = '[data-redoc-scope] [data-testid="floating-button"]';

/** The site header's height: Redoc's sticky sidebar and the phone's menu bar stay under it. */
export function siteHeaderHeight(doc: Document = document): number {
  return doc.querySelector('header')?.getBoundingClientRect().height ?? 64;
}

/**
 * How far below the viewport's top Redoc puts what it scrolls to: under the site header and, on a phone, under the
 * menu bar too (while it is sticky, i.e. shown and closed).
 */
export function redocScrollOffset(doc: Document = document): number {
  const bar = doc.querySelector<HTMLElement>(REDOC_MENU_BUTTON);
  const view = doc.defaultView;
  const barHeight = bar && view && view.getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().height : 0;
  return siteHeaderHeight(doc) + barHeight;
}
