// Issue 10 "What it must show": axe (@axe-core/playwright) on every page kind, light and dark, 390 px and 1280 px,
// en and ru — no violation with impact serious or critical. One test per combination, one browser context each, which
// visits every page kind in turn (and the open coin selector, the login dialog, the phone's header menu), then signs
// in and visits the profile. The orders and the account come from the worker's seed (helpers/seed.ts). Every state is
// checked with a soft assertion, so one run lists every violation of the combination, page by page.
import type { Page } from '@playwright/test';
import { describeViolations, seriousViolations } from '../helpers/axe';
import { LOCALES, type LocalePrefix, localePath, settle, THEMES, type ThemeName, useTheme, VIEWPORTS, WIDTHS } from '../helpers/looks';
import { expect, type Seed, signInContext, test } from '../helpers/seed';

// eight independent combinations of about 45 s each: spread over the workers (each has its own seed)
test.describe.configure({ mode: 'parallel' });

interface Visit {
  name: string;
  path: string;
  /** what must be on screen before the scan, beyond a heading (helpers/looks.ts settle) */
  ready?: (page: Page) => Promise<void>;
}

const liveRate = async (page: Page) => {
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/, { timeout: 20_000 });
};
const orderIn = (state: string) => async (page: Page) => {
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', state, { timeout: 20_000 });
};

function guestPages(seed: Seed): Visit[] {
  return [
    { name: 'home', path: '/', ready: liveRate },
    { name: 'pair page', path: '/exchange-btc-eth', ready: liveRate },
    { name: 'popular exchanges', path: '/popular-exchanges' },
    {
      name: 'order waiting for its deposit',
      path: seed.waitingOrder.path,
      ready: async (page) => {
        await orderIn('CREATION_END')(page);
        await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-ready', 'true');
      },
    },
    { name: 'order completed', path: seed.completedOrder.path, ready: orderIn('WITHDRAWAL_COMPLETED') },
    { name: 'order pending', path: '/order/pending' },
    { name: 'blog', path: '/blog', ready: (page) => expect(page.getByTestId('blog-post-card').first()).toBeVisible() },
    { name: 'blog post', path: '/blog/guides/fixed-vs-floating-rate', ready: (page) => expect(page.getByTestId('blog-post-body')).toBeVisible() },
    { name: 'blog category', path: '/blog/guides', ready: (page) => expect(page.getByTestId('blog-post-card').first()).toBeVisible() },
    { name: 'docs', path: '/docs' },
    { name: 'docs article', path: '/docs/getting-started' },
    { name: 'roadmap', path: '/roadmap', ready: (page) => expect(page.getByTestId('roadmap-group-done')).toBeVisible() },
    { name: 'support', path: '/support' },
    { name: 'status', path: '/status' },
    // issue 24: the legal pages
    { name: 'terms of use', path: '/terms', ready: (page) => expect(page.getByTestId('legal-terms')).toBeVisible() },
    { name: 'privacy policy', path: '/privacy', ready: (page) => expect(page.getByTestId('legal-privacy')).toBeVisible() },
    { name: '404', path: '/no/such/page' },
  ];
}

const ACCOUNT_PAGES: Visit[] = [
  { name: 'profile info', path: '/profile/info', ready: (page) => expect(page.getByTestId('profile-email')).toBeVisible() },
  { name: 'profile history', path: '/profile/history', ready: (page) => expect(page.getByTestId('history-row').first()).toBeVisible() },
  { name: 'profile section (wallet)', path: '/profile/wallet' },
];

async function expectNoSeriousViolations(page: Page, state: string, within?: string): Promise<void> {
  const violations = await seriousViolations(page, within);
  await test.info().attach(`axe ${state}`, {
    contentType: 'application/json',
    body: JSON.stringify(
      violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' >>> ')) })),
    ),
  });
  expect.soft(violations.length, `${state}: ${violations.length} serious/critical axe violation(s)\n${describeViolations(violations)}`).toBe(0);
}

async function visit(page: Page, prefix: LocalePrefix, theme: ThemeName, v: Visit, label: string): Promise<void> {
  const path = localePath(prefix, v.path);
  await test.step(`${v.name} (${path})`, async () => {
    await page.goto(path);
    await settle(page, theme);
    await v.ready?.(page);
    await expectNoSeriousViolations(page, `${label} ${v.name} (${path})`);
  });
}

/** The header's menu button of the narrow layout (a disclosure: aria-expanded with aria-controls), if the header has one. */
async function headerMenuButton(page: Page) {
  const candidates = page.getByRole('banner').locator('button[aria-expanded][aria-controls]');
  for (const button of await candidates.all()) if (await button.isVisible()) return button;
  return null;
}

for (const locale of LOCALES) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      const label = `[${locale.code} · ${theme} · ${width}px]`;
      test.describe(label, () => {
        test.use({ viewport: VIEWPORTS[width], reducedMotion: 'reduce' });

        test('no serious or critical axe violation on any page kind, the coin selector, the login dialog or the profile', async ({ page, context, seed }) => {
          test.setTimeout(300_000);
          await useTheme(context, theme);
          const home = localePath(locale.prefix, '/');

          for (const v of guestPages(seed)) await visit(page, locale.prefix, theme, v, label);

          await test.step('the coin selector, open', async () => {
            await page.goto(home);
            await settle(page, theme);
            await page.getByTestId('instrument-send').click();
            await expect(page.getByTestId('instrument-send-search')).toBeVisible();
            await expectNoSeriousViolations(page, `${label} home with the coin selector open`);
          });

          if (width === 390) {
            await test.step('the header menu, open', async () => {
              await page.goto(home);
              await settle(page, theme);
              const button = await headerMenuButton(page);
              if (!button) {
                test.info().annotations.push({ type: 'note', description: `${label}: no header menu button (aria-expanded + aria-controls) found` });
                return;
              }
              await button.click();
              await expect(button).toHaveAttribute('aria-expanded', 'true');
              await expectNoSeriousViolations(page, `${label} home with the header menu open`);
            });
          }

          await test.step('the login dialog (a guest asking for the profile)', async () => {
            // §7 lk-redirect: a guest opening the profile lands on home with the login dialog open
            await page.goto(localePath(locale.prefix, '/profile/info'));
            await settle(page, theme);
            await expect(page.getByTestId('auth-dialog')).toHaveAttribute('data-kind', 'login');
            await expectNoSeriousViolations(page, `${label} the login dialog`, '[data-testid="auth-dialog"]');
          });

          await signInContext(context, seed.account);
          for (const v of ACCOUNT_PAGES) await visit(page, locale.prefix, theme, v, label);
        });
      });
    }
  }
}
