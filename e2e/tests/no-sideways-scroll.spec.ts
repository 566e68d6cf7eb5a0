// Issue 25: at 390 px (a phone), en and /ru, no page scrolls sideways: every page kind, a guest's and then the signed-in
// account's profile (history with its orders, wallet, keys with a key…), then a new account's empty lists. A table
// stacks its rows as cards there, so a table does not scroll inside its own box either. One browser context per
// locale, the pages one after another; every offender is listed (with the outermost elements that stick out).
import type { Page } from '@playwright/test';
import { signedInAccount } from '../helpers/accounts';
import { LOCALES, localePath, settle, useTheme, VIEWPORTS } from '../helpers/looks';
import { expect, type Seed, signInContext, test } from '../helpers/seed';

interface Visit {
  path: string;
  /** what must be on screen before measuring, beyond a heading (helpers/looks.ts settle) */
  ready?: (page: Page) => Promise<void>;
}

const liveRate = (page: Page) => expect(page.getByTestId('live-rate').first()).toHaveText(/\d/, { timeout: 20_000 });
const visible = (testId: string) => (page: Page) => expect(page.getByTestId(testId).first()).toBeVisible({ timeout: 20_000 });

function guestPages(seed: Seed): Visit[] {
  return [
    { path: '/', ready: liveRate },
    { path: '/exchange-btc-eth', ready: liveRate },
    { path: '/exchange-usd-btc', ready: liveRate },
    { path: '/popular-exchanges' },
    {
      path: seed.waitingOrder.path,
      ready: (page) => expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'CREATION_END', { timeout: 20_000 }),
    },
    {
      path: seed.completedOrder.path,
      ready: (page) => expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 20_000 }),
    },
    { path: '/blog', ready: visible('blog-post-card') },
    { path: '/blog/guides/fixed-vs-floating-rate', ready: visible('blog-post-body') },
    { path: '/blog/guides', ready: visible('blog-post-card') },
    { path: '/roadmap', ready: visible('roadmap-group-done') },
    { path: '/support' },
    { path: '/status' },
    { path: '/terms', ready: visible('legal-terms') },
    { path: '/privacy', ready: visible('legal-privacy') },
    { path: '/aml-kyc' },
    { path: '/docs' },
    { path: '/docs/getting-started' },
    {
      path: '/docs/api-reference',
      // Redoc renders after load; measure once it has (or, if slow, what is there)
      ready: (page) =>
        expect(page.getByTestId('api-reference'))
          .toHaveAttribute('data-state', 'ready', { timeout: 30_000 })
          .catch(() => undefined),
    },
    { path: '/no/such/page' },
  ];
}

const ACCOUNT_PAGES: Visit[] = [
  { path: '/profile/info', ready: visible('profile-email') },
  { path: '/profile/history', ready: visible('history-row') },
  { path: '/profile/wallet' },
  { path: '/profile/withdraw', ready: visible('withdraw-form') },
  { path: '/profile/affiliate-program', ready: visible('affiliate-link') },
  { path: '/profile/cashback' },
  { path: '/profile/cashback?tab=history' },
  { path: '/profile/keys', ready: visible('key-row') },
  { path: '/profile/verification', ready: visible('verification-status') },
];

// a new account's empty lists (their texts once were cut mid-word on a phone)
const EMPTY_ACCOUNT_PAGES: Visit[] = [
  { path: '/profile/history' },
  { path: '/profile/wallet' },
  { path: '/profile/keys', ready: visible('keys-table') },
  { path: '/profile/cashback?tab=history' },
];

/** What sticks out of a 390 px page: the document's overflow, the outermost elements past the right edge, tables scrolling in their box. */
async function sidewaysProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = String(el.getAttribute('class') ?? '').slice(0, 50);
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    if (doc.scrollWidth > doc.clientWidth) {
      const edge = doc.clientWidth + 1;
      // the outermost elements past the right edge (their parent fits): the ones to fix
      const outermost = Array.from(document.body.querySelectorAll('*')).filter((el) => {
        if (el.getBoundingClientRect().right <= edge) return false;
        const parent = el.parentElement;
        return !parent || parent === document.body || parent.getBoundingClientRect().right <= edge;
      });
      out.push(`scrolls sideways: ${doc.scrollWidth}px in ${doc.clientWidth}px; sticking out: ${outermost.slice(0, 3).map(describe).join('; ') || '?'}`);
    }
    // remote-kit's Table: a focusable box around the table; on a phone its rows stack, so it never scrolls
    for (const table of document.querySelectorAll('section[tabindex="0"] > table')) {
      const box = table.parentElement as HTMLElement;
      if (box.scrollWidth > box.clientWidth + 1) out.push(`table scrolls in its box: ${box.scrollWidth}px in ${box.clientWidth}px (${describe(box)})`);
    }
    return out;
  });
}

for (const locale of LOCALES) {
  test(`[${locale.code}] at 390 px no page scrolls sideways, a guest's or the account's`, async ({ browser, seed }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: VIEWPORTS[390], reducedMotion: 'reduce' });
    await useTheme(context, 'light');
    const page = await context.newPage();
    const problems: string[] = [];
    const walk = async (visits: Visit[]) => {
      for (const v of visits) {
        const path = localePath(locale.prefix, v.path);
        await test.step(path, async () => {
          await page.goto(path);
          await page.locator('html[data-app-live]').waitFor({ state: 'attached', timeout: 30_000 });
          await settle(page, 'light');
          await v.ready?.(page);
          for (const p of await sidewaysProblems(page)) problems.push(`${path}: ${p}`);
        });
      }
    };

    await walk(guestPages(seed));

    await signInContext(context, seed.account);
    // a key to list (the first locale creates it; the seed account is shared by the worker)
    await page.goto(localePath(locale.prefix, '/profile/keys'));
    await expect(page.getByTestId('keys-table')).toBeVisible({ timeout: 20_000 });
    if ((await page.getByTestId('key-row').count()) === 0) {
      await page.getByTestId('key-create-name').fill('phone');
      await page.getByTestId('key-create').click();
      await expect(page.getByTestId('key-secret-dialog')).toBeVisible();
      await page.getByTestId('key-secret-done').click();
    }
    await walk(ACCOUNT_PAGES);

    await signedInAccount(context, 'phone-empty', { confirmed: true });
    await walk(EMPTY_ACCOUNT_PAGES);

    await context.close();
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
