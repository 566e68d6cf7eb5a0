// Issue 25, the exchange form, en and /ru: picking the coin already on the other side swaps the two (no not-supported
// popup); the coin search puts a code or name starting with the words typed first ("eth": ETH before Tether); an
// invalid address says so once typing pauses, without a submit; amounts read in the locale's decimal separator and
// either one typed is asked as the same number; home's "Buy with card" opens the card pair page.
import { expect, test } from '../fixtures';
import { pickInstrument, watchOrderCreates } from '../helpers/orders';

const LOCALES = [
  { prefix: '', home: '/', comma: false },
  { prefix: '/ru', home: '/ru', comma: true },
] as const;

for (const l of LOCALES) {
  test(`${l.home}: same coin swaps, "eth" search order, address checked while typing, the locale's decimal separator`, async ({ page }) => {
    await page.goto(l.home);
    await expect(page.getByTestId('live-rate')).toHaveText(/\d/, { timeout: 20_000 });
    await pickInstrument(page, 'send', 'btc', 'btc');
    await pickInstrument(page, 'receive', 'eth', 'eth');

    // the coin already sent, picked to receive: the two swap
    await page.getByTestId('instrument-receive').click();
    const options = page.getByTestId('instrument-receive-dialog').locator('li button');
    await page.getByTestId('instrument-receive-search').fill('btc');
    await page.getByTestId('instrument-receive-option-btc').click();
    await expect(page.getByTestId('instrument-receive')).toHaveAttribute('data-slug', 'btc');
    await expect(page.getByTestId('instrument-send')).toHaveAttribute('data-slug', 'eth');
    await expect(page.getByTestId('unsupported-popup')).toHaveCount(0);
    await expect(page.getByTestId('live-rate')).toContainText('ETH');

    // "eth": ETH (the code) first, Tether (eth inside a word) after every word-start match
    await page.getByTestId('instrument-receive').click();
    await page.getByTestId('instrument-receive-search').fill('eth');
    await expect(options.first()).toHaveAttribute('data-testid', 'instrument-receive-option-eth');
    const order = await options.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')!.replace(/^instrument-receive-option-/, '')));
    const tether = order.findIndex((slug) => slug.startsWith('usdt'));
    expect(tether, order.join(', ')).toBeGreaterThan(order.indexOf('eth'));
    await page.keyboard.press('Escape');

    // amounts in the locale's separator; either typed asks for the same number
    const amount = page.getByTestId('amount-send');
    const asked = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/v2/rates/public/one' && url.searchParams.get('claimedDepositAmount') === '1.5';
    });
    await amount.fill(l.comma ? '1,5' : '1.5');
    await asked;
    await expect(amount).toHaveValue(l.comma ? '1,5' : '1.5');
    await expect(page.getByTestId('amount-receive')).toHaveValue(l.comma ? /^\d+,\d+$/ : /^\d+\.\d+$/);

    // an invalid address: its error once typing pauses, nothing submitted
    const creates = watchOrderCreates(page);
    await page.getByTestId('destination-address').pressSequentially('not-a-btc-address', { delay: 20 });
    await expect(page.getByTestId('destination-address-error')).toBeVisible({ timeout: 5_000 });
    await expect(page.getByTestId('destination-address-error')).toHaveText(l.comma ? /адрес/i : /not valid/i);
    expect(creates.count()).toBe(0);
  });

  test(`${l.home}: "Buy with card" opens the card pair page`, async ({ page }) => {
    await page.goto(l.home);
    await page.getByTestId('home-buy-with-card').click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/exchange-usd-btc$`));
    await expect(page.getByTestId('instrument-send')).toHaveAttribute('data-slug', 'usd');
    await expect(page.getByTestId('instrument-receive')).toHaveAttribute('data-slug', 'btc');
  });
}
