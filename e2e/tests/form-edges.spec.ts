// The exchange form's edges (issue 23), en and /ru: home with an unknown coin in its query falls back to the default
// pair (the 404 is the pair page's rule only); an amount typed into the server's page before it is live survives
// hydration and is the amount the rate is asked for; a new-build or chunk-error reload keeps the form (§4, §8).
import type { Route } from '@playwright/test';
import { RELOAD_GUARD_KEY } from 'shared-contracts';
import { expect, test } from '../fixtures';
import { ADDRESSES, pickInstrument } from '../helpers/orders';

const LOCALES = [
  { prefix: '', home: '/' },
  { prefix: '/ru', home: '/ru' },
] as const;

for (const l of LOCALES) {
  test(`${l.home}: an unknown send coin in the query shows the form for the default pair, not a 404`, async ({ page }) => {
    const res = await page.goto(`${l.home}?send=nosuchcoin&receive=alsonotacoin`);
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/, { timeout: 20_000 });
    await expect(page.getByTestId('amount-send')).toBeVisible();
    await expect(page.getByTestId('instrument-send')).not.toHaveAttribute('data-slug', 'nosuchcoin');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    // still the form a moment later (the 404 used to come after hydration)
    await expect(page.getByTestId('rate-updated-at').first()).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page.getByTestId('page-title')).not.toHaveText(/not found|не найдена/i);
  });

  test(`${l.home}: an amount typed before the page is live is kept after hydration`, async ({ page }) => {
    // hold every script: the server's page is shown, but not hydrated, until the visitor has typed
    const held: Route[] = [];
    let holding = true;
    await page.route(/\.js(\?|$)/, (route) => (holding ? void held.push(route) : route.continue()));
    const navigation = page.goto(l.home); // resolves once the app is live (fixtures.ts)
    const amount = page.getByTestId('amount-send');
    await expect(amount).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('html[data-app-live]')).toHaveCount(0);
    const typed = '0.0371';
    // a Russian page shows the amount with the decimal comma (issue 25); the rate is asked for the same number
    const shown = l.prefix === '/ru' ? '0,0371' : typed;
    await amount.fill(typed);
    await expect(page.locator('html[data-app-live]')).toHaveCount(0);

    const asked = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/v2/rates/public/one' && url.searchParams.get('claimedDepositAmount') === typed;
    });
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await navigation;
    await asked;
    await expect(amount).toHaveValue(shown);
    await expect(page.getByTestId('amount-receive')).toHaveValue(/\d/);
    // a live tick re-renders the form: the typed amount stays
    const updatedAt = page.getByTestId('rate-updated-at').first();
    const before = await updatedAt.getAttribute('datetime');
    await expect(updatedAt).not.toHaveAttribute('datetime', before ?? '', { timeout: 15_000 });
    await expect(amount).toHaveValue(shown);
  });

  test(`${l.home}: the form (pair, side, amount, address) survives a new-build reload of its address`, async ({ page }) => {
    await page.goto(l.home);
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/, { timeout: 20_000 });
    await pickInstrument(page, 'send', 'btc', 'bitcoin');
    await pickInstrument(page, 'receive', 'eth', 'ethereum');
    await page.getByTestId('amount-receive').fill('1.5');
    await expect(page.getByTestId('amount-send')).toHaveValue(/[1-9]/);
    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    // the draft is saved a moment after the last change
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mfe_exchange:form-draft') ?? '')).toContain(ADDRESSES.eth);
    // what the shell does before it reloads for a new build (UpdateStore.reloadTo): the guard for this address
    await page.evaluate((key) => {
      sessionStorage.setItem(key, JSON.stringify({ [location.pathname + location.search]: Date.now() + 10_000 }));
    }, RELOAD_GUARD_KEY);
    await page.reload();
    await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('amount-receive')).toHaveValue(l.prefix === '/ru' ? '1,5' : '1.5', { timeout: 20_000 });
    await expect(page.getByTestId('instrument-receive')).toHaveAttribute('data-slug', 'eth');
    await expect(page.getByTestId('destination-address')).toHaveValue(ADDRESSES.eth);
    // a plain reload (no guard) starts from the address as always: the typed receive amount is not brought back
    await page.evaluate((key) => sessionStorage.removeItem(key), RELOAD_GUARD_KEY);
    await page.reload();
    await page.locator('html[data-app-live]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/, { timeout: 20_000 });
    await expect(page.getByTestId('destination-address')).toHaveValue('');
  });
}
