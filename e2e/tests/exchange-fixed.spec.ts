// Journeys (2) and (3): fixed-rate orders hit by a problem. The e2e api runs with a tiny
// FIXED_RATE_VOLATILITY_THRESHOLD (harness/stack.ts), so an exact deposit meets a market move.
import type { Page } from '@playwright/test';
import { expect, expectSameDocument, markDocument, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

async function createFixedOrder(page: Page) {
  await startExchange(page, { from: 'btc', fromSearch: 'BTC', to: 'eth', toSearch: 'ETH', amount: '0.05' });
  await page.getByTestId('rate-mode-fixed').click();
  await expect(page.getByTestId('fixed-rate-hold')).toBeVisible();
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await page.getByTestId('refund-address').fill(ADDRESSES.btc);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  const ids = await expectOrderPage(page);
  await expect(page.getByTestId('time-left')).toBeVisible();
  await markDocument(page);
  return ids;
}

test('fixed rate paid with the wrong amount → refund requested → refund completed', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const { orderId, destinationAddress } = await createFixedOrder(page);
  const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  const wrong = (Number(order.claimedDepositAmount) * 0.9).toFixed(8);
  await sandboxDeposit(page.request, stack.apiUrl, orderId, wrong);

  const problems = page.getByTestId('fixed-rate-problems');
  await expect(problems).toHaveAttribute('data-problem', 'FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED', { timeout: 40_000 });
  await expect(page.getByTestId('event-reason')).toBeVisible();
  await expect(page.getByTestId('event-next-step')).toBeVisible();
  await page.getByTestId('request-refund').click();
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', /^REFUND_(REQUESTED|COMPLETED)$/, { timeout: 15_000 });
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'REFUND_COMPLETED', { timeout: 60_000 });
  await expect(page.getByTestId('order-refund-completed')).toContainText(ADDRESSES.btc);
  await expect(page.getByTestId('order-steps')).toHaveAttribute('data-step', '4');
  await expectSameDocument(page);
});

test('fixed rate hit by volatility → accept the new rate → completed', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const { orderId, destinationAddress } = await createFixedOrder(page);
  const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  // let the market tick at least once after the quote
  await page.waitForTimeout(1500);
  await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);

  await expect(page.getByTestId('fixed-rate-problems')).toHaveAttribute('data-problem', 'FIXED_RATE_HIGH_VOLATILITY_DETECTED', { timeout: 40_000 });
  await expect(page.getByTestId('offered-rate')).toBeVisible();
  await page.getByTestId('accept-new-rate').click();
  await expect(page.getByTestId('fixed-rate-problems')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
  await expect(page.getByTestId('order-completed')).toContainText(ADDRESSES.eth);
  await expectSameDocument(page);
});
