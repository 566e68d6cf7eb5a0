// Issue 23: a "new rate" offer carries its amount and an expiry (the e2e api holds an offer 20 s:
// NEW_RATE_OFFER_TTL_SECONDS in harness/stack.ts). A panel left open past the expiry is renewed before anything is
// paid: it says so, shows the fresh amount, and accepting pays exactly that amount.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

interface Offered {
  orderDetails: { offeredRate?: { amountToGet: string; updatedAt: string; expiresAt?: string } | null };
  withdrawals: { amount: string }[];
}

async function createFixedOrder(page: Page) {
  await startExchange(page, { from: 'btc', fromSearch: 'BTC', to: 'eth', toSearch: 'ETH', amount: '0.05' });
  await page.getByTestId('rate-mode-fixed').click();
  await expect(page.getByTestId('fixed-rate-hold')).toBeVisible();
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await page.getByTestId('refund-address').fill(ADDRESSES.btc);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  return expectOrderPage(page);
}

/** The amount the panel says the customer would get, as a plain decimal. */
async function shownAmount(page: Page): Promise<string> {
  const text = (await page.getByTestId('offered-rate').textContent()) ?? '';
  const m = /you would get ([\d,.]+) ETH/.exec(text);
  expect(m, text).not.toBeNull();
  return m![1].replace(/,/g, '');
}

test('a stale new-rate offer is renewed before it is paid, and the fresh amount is paid exactly', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const { orderId, destinationAddress } = await createFixedOrder(page);
  const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  // let the market tick at least once after the quote: the deposit then meets a volatility problem
  await page.waitForTimeout(1500);
  await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);

  await expect(page.getByTestId('fixed-rate-problems')).toHaveAttribute('data-problem', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', { timeout: 40_000 });
  const timeLeft = page.getByTestId('offer-time-left');
  await expect(timeLeft).toHaveText(/This offer holds for \d+:\d\d/);
  const first = ((await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress)) as unknown as Offered).orderDetails.offeredRate!;
  expect(await shownAmount(page)).toBe(first.amountToGet);

  // the panel stays open past the offer's expiry: the page reads the order again and the api renews the offer
  await expect(page.getByTestId('offer-renewed')).toBeVisible({ timeout: 40_000 });
  await expect(timeLeft).toHaveAttribute('data-expired', 'false');
  const fresh = ((await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress)) as unknown as Offered).orderDetails.offeredRate!;
  expect(fresh.updatedAt).not.toBe(first.updatedAt);
  expect(Date.parse(fresh.expiresAt!)).toBeGreaterThan(Date.parse(first.expiresAt!));
  const shown = await shownAmount(page);
  expect(shown).toBe(fresh.amountToGet);

  await page.getByTestId('accept-new-rate').click();
  await expect(page.getByTestId('fixed-rate-problems')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
  const done = (await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress)) as unknown as Offered;
  expect(done.withdrawals[0].amount).toBe(shown);
});
