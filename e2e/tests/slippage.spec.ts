// Issue 29, floating rate with a maximum slippage: the form's slippage control sends the value chosen (and the order
// shows it); an order whose rate at execution is past it stops with the choice of the fixed-rate problems, the new rate
// or a refund (to an address typed there: a floating order has none). The sandbox walk is a function of time, so the
// journey moves the market against the order on purpose: POST /api/v1/sandbox/orders/:orderId/quote-shift raises its
// quote 3 % before the deposit (api/src/modules/orders/sandboxQuote.ts).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

/** Fills the floating form's details, picks a slippage with `choose`, creates, and returns what was sent and the order. */
async function createFloating(page: Page, choose: () => Promise<void>) {
  await startExchange(page, { from: 'btc', fromSearch: 'BTC', to: 'eth', toSearch: 'ETH', amount: '0.05' });
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await expect(page.getByTestId('slippage')).toHaveAttribute('data-value', '0.01');
  await expect(page.getByTestId('slippage-preset-0.01')).toBeChecked();
  await choose();
  await page.getByTestId('terms').check();
  const create = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders/public/create');
  await page.getByTestId('create-order').click();
  const response = await create;
  // what the page sent (the request body, however the client streams it) as the order the api made of it
  const raw = response.request().postDataBuffer();
  const body = (raw ? JSON.parse(raw.toString('utf8')) : await response.json()) as { rateMode: string; maxSlippage?: string };
  return { body, ...(await expectOrderPage(page)) };
}

test('the slippage control sends the value chosen, a custom one is checked, and the order shows it; a fixed rate has none', async ({ page }) => {
  test.setTimeout(90_000);
  const { body } = await createFloating(page, async () => {
    await page.getByTestId('slippage-custom').check();
    const field = page.getByTestId('slippage-custom-value');
    await field.fill('7');
    await expect(page.getByTestId('slippage-error')).toContainText('0.1 % to 5 %');
    await field.fill('2.5');
    await expect(page.getByTestId('slippage-error')).toHaveCount(0);
    await expect(page.getByTestId('slippage')).toHaveAttribute('data-value', '0.025');
  });
  expect(body).toMatchObject({ rateMode: 'FLOATING', maxSlippage: '0.025' });
  await expect(page.getByTestId('summary-max-slippage')).toHaveText('2.5 %');

  // a fixed-rate order carries none: the control is not shown
  await page.goto('/');
  await page.getByTestId('rate-mode-fixed').click();
  await expect(page.getByTestId('refund-address')).toBeVisible();
  await expect(page.getByTestId('slippage')).toHaveCount(0);
});

test('an order past its maximum slippage stops with the choice, and is refunded to the address typed there', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const { body, orderId, destinationAddress } = await createFloating(page, () => page.getByTestId('slippage-preset-0.005').check());
  expect(body.maxSlippage).toBe('0.005');
  await expect(page.getByTestId('summary-max-slippage')).toHaveText('0.5 %');

  // the market moves 3 % against the order before its deposit arrives
  const shift = await page.request.post(`${stack.apiUrl}/api/v1/sandbox/orders/${encodeURIComponent(orderId)}/quote-shift`, { data: { by: '0.03' } });
  expect(shift.status(), await shift.text()).toBe(200);
  const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);

  const panel = page.getByTestId('fixed-rate-problems');
  await expect(panel).toHaveAttribute('data-problem', 'FLOATING_RATE_SLIPPAGE_EXCEEDED', { timeout: 40_000 });
  await expect(panel).toContainText('The rate is worse than you allowed');
  await expect(page.getByTestId('problem-slippage')).toContainText('at most 0.5 % less');
  await expect(page.getByTestId('event-next-step')).toBeVisible();
  await expect(page.getByTestId('offered-rate')).toContainText(/you would get [\d,.]+ ETH/);
  await expect(page.getByTestId('accept-new-rate')).toBeVisible();
  await expect(page.getByTestId('problem-refund-amount')).toContainText('BTC');
  const stopped = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  expect(stopped.orderEvents.map((e) => e.kind)).toContain('RATE_MODE_CHANGED');

  // the refund asks where to (a floating order has no refund address)
  await page.getByTestId('refund-address').fill(ADDRESSES.btc);
  await page.getByTestId('request-refund').click();
  await expect(page.getByTestId('fixed-rate-problems')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', /REFUND_(REQUESTED|COMPLETED)/);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'REFUND_COMPLETED', { timeout: 60_000 });
});
