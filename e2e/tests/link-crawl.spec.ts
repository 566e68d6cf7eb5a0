// No dead ends (§2): every internal link the rendered site shows, from `/` and `/ru`, two levels deep, leads to a
// page: the document is not an HTTP 404, and the page shown is neither the 404 page nor a remote's fallback.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const MAX_PAGES = 150;
const DEPTH = 2;
const SKIPPED_PREFIXES = ['/api/', '/dict/'];

/** What a page shows once it has settled: its title, the 404 page or a fallback. */
const SETTLED = '[data-testid="page-title"], [data-testid="not-found"], [data-testid="remote-fallback"]';

interface Visit {
  /** path and query */
  url: string;
  /** the page whose link led here */
  from: string;
}

async function settle(page: Page): Promise<void> {
  await page.locator(SETTLED).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

/** Internal links of the rendered page, as path + query (no hash), without the api, mail and other sites. */
async function internalLinks(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const out = new Set<string>();
  for (const href of hrefs) {
    let u: URL;
    try {
      u = new URL(href);
    } catch {
      continue;
    }
    if (u.origin !== origin || !['http:', 'https:'].includes(u.protocol)) continue;
    if (u.pathname === '/api' || u.pathname === '/dict' || SKIPPED_PREFIXES.some((p) => u.pathname.startsWith(p))) continue;
    out.add(`${u.pathname}${u.search}`);
  }
  return [...out];
}

/** Visits `visit`, records what is wrong with it, and returns the links it shows. */
async function check(page: Page, visit: Visit, origin: string, problems: string[]): Promise<string[]> {
  const res = await page.goto(visit.url);
  const status = res?.status() ?? 0;
  if (status === 404 || status >= 500 || status === 0) problems.push(`${visit.url} (linked from ${visit.from}): HTTP ${status}`);
  if (!(res?.headers()['content-type'] ?? '').includes('text/html')) return [];
  try {
    await settle(page);
  } catch {
    problems.push(`${visit.url} (linked from ${visit.from}): never showed a page-title`);
    return [];
  }
  if (await page.getByTestId('not-found').count()) problems.push(`${visit.url} (linked from ${visit.from}): shows the 404 page`);
  if (await page.getByTestId('remote-fallback').count()) problems.push(`${visit.url} (linked from ${visit.from}): shows a remote's fallback`);
  return internalLinks(page, origin);
}

for (const start of ['/', '/ru']) {
  test(`every link from ${start}, two levels deep, leads to a page`, async ({ page, stack }) => {
    test.setTimeout(600_000);
    const origin = new URL(stack.webUrl).origin;
    const problems: string[] = [];
    const seen = new Set<string>([start]);
    let level: Visit[] = [{ url: start, from: '(start)' }];
    let visited = 0;
    for (let depth = 0; depth <= DEPTH && level.length > 0; depth++) {
      const next: Visit[] = [];
      for (const visit of level) {
        if (visited >= MAX_PAGES) break;
        visited++;
        const links = await check(page, visit, origin, problems);
        if (depth === DEPTH) continue;
        for (const url of links) {
          if (seen.has(url)) continue;
          seen.add(url);
          next.push({ url, from: visit.url });
        }
      }
      level = next;
    }
    test.info().annotations.push({ type: 'visited', description: `${visited} pages: ${[...seen].slice(0, visited).join(' ')}` });
    // the crawl did reach the site's sections (a start page that shows no links would prove nothing)
    expect(visited).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
}
