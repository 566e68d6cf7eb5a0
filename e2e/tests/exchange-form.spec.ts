// Journeys (4), (5), (6): the exchange form's rules before any order exists.
import { expect, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, pickInstrument, startExchange, watchOrderCreates } from '../helpers/orders';

test('memo currency on the receive side: memo error, then an order with the memo', async ({ page }) => {
  const creates = watchOrderCreates(page);
  await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'xrp', toSearch: 'ripple', amount: '0.05' });
  await page.getByTestId('destination-address').fill(ADDRESSES.xrp);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  await expect(page.getByTestId('destination-memo-error')).toHaveText('Enter the memo, or confirm that your address does not need one.');
  expect(creates.count()).toBe(0);
  await page.getByTestId('destination-memo').fill('123456');
  await expect(page.getByTestId('destination-memo-error')).toHaveCount(0);
  await page.getByTestId('create-order').click();
  await expectOrderPage(page);
  expect(creates.count()).toBe(1);
});

test('an invalid destination address: error_address_incorrect and nothing created', async ({ page }) => {
  const creates = watchOrderCreates(page);
  await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05' });
  await page.getByTestId('destination-address').fill('0x1234-not-an-address');
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  await expect(page.getByTestId('destination-address-error')).toHaveText('This address is not valid for the selected currency and network.');
  await page.waitForTimeout(500);
  expect(creates.count()).toBe(0);
  await expect(page).not.toHaveURL(/\/order\//);
});

test('an amount below the minimum: error_min_amount, and set-minimal fills it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('amount-send')).toBeVisible({ timeout: 20_000 });
  await pickInstrument(page, 'send', 'btc', 'bitcoin');
  await pickInstrument(page, 'receive', 'eth', 'ethereum');
  await page.getByTestId('amount-send').fill('0.00000001');
  const error = page.getByTestId('pair-error');
  await expect(error).toContainText(/Send at least [\d.]+ BTC\. The minimum is [\d.]+ BTC right now/);
  await expect(page).not.toHaveURL(/amount=/); // §2: dropped after a pair-load error
  // The minimum covers fees priced in USD, so it moves with the market (a tick every second): set-minimal
  // fills it with a small headroom, so the api accepts that amount now and still after the next ticks.
  const minimum = /The minimum is ([\d.]+) BTC/.exec((await error.textContent()) ?? '')![1];
  const setMinimal = page.getByTestId('set-minimal');
  const filled = (await setMinimal.getAttribute('data-amount'))!;
  expect(Number(filled)).toBeGreaterThan(Number(minimum));
  // the text names the amount the button fills (issue 23: they used to disagree)
  await expect(error).toContainText(`Send at least ${filled} BTC.`);
  const answer = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/v2/rates/public/one' && url.searchParams.get('claimedDepositAmount') === filled;
  });
  await setMinimal.click();
  await expect(page.getByTestId('amount-send')).toHaveValue(filled);
  expect((await answer).status(), 'the api accepted the amount set-minimal filled in').toBe(200);
  await expect(page.getByTestId('live-rate')).toHaveText(/\d/);
  // Live ticks re-price the same amount: two newer quotes, and the amount is still above the minimum.
  const updatedAt = page.getByTestId('rate-updated-at').first();
  for (let tick = 0; tick < 2; tick++) {
    const before = await updatedAt.getAttribute('datetime');
    await expect(updatedAt).not.toHaveAttribute('datetime', before!, { timeout: 15_000 });
  }
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('amount-send')).toHaveValue(filled);
});
