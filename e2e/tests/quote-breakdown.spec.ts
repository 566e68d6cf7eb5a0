// Issue 29, the all-in quote: before the order the form names every fee line (the spread against the market price,
// the network fee, the service fee: each an amount in the receive currency, taken from the deposit's market value)
// down to what is received, and the time from the deposit seen to the payout sent as "≈ p50–p90" (en and /ru); the
// order page shows the order's send-network estimate beside the confirmations. A fresh harness api has no completed
// orders to measure, so the estimate is the network's default here (the measured one: api/test/estimates.test.ts).
import { CYRILLIC, expect, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, sandboxDeposit, startExchange } from '../helpers/orders';

/** A number as the page writes it ("1,234.5" or "1 234,5") read back. */
const numberOf = (text: string, prefix: '' | '/ru') => {
  const digits = text.replace(/[^\d.,−-]/g, '');
  return Number(prefix ? digits.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.') : digits.replace(/,/g, ''));
};

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: the form shows every fee line down to the amount received, and the estimate`, async ({ page }) => {
    test.setTimeout(60_000);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    const fees = page.getByTestId('fees');
    await expect(fees).toBeVisible();
    await expect(page.getByTestId('fee-market-value')).toHaveText(/\d ETH$/);
    // The lines in reading order, each an exact amount in ETH taken from what is received.
    const rows = fees.locator('[data-kind]');
    await expect(rows).toHaveCount(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['SPREAD', 'NETWORK_FEE', 'SERVICE_FEE']);
    for (const id of ['fee-spread', 'fee-network', 'fee-platform']) {
      await expect(page.getByTestId(id).getByTestId('fee-line-amount')).toHaveText(/^−\d[\d.,\s\u00a0\u202f]* ETH$/);
      await expect(page.getByTestId(id)).toHaveAttribute('data-amount', /^\d+(\.\d+)?$/);
    }
    await expect(page.getByTestId('fee-spread')).toContainText('%');
    await expect(page.getByTestId('fees-taken-note')).toHaveText(prefix ? CYRILLIC : /taken from the amount you receive/);
    // The market value less the lines is what is received: the same amount as the receive field (one snapshot).
    await expect
      .poll(async () => {
        const snap = await page.evaluate(() => {
          const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
          const amounts = [...document.querySelectorAll('[data-testid="fees"] [data-kind]')].map((e) => e.getAttribute('data-amount') ?? '');
          return {
            market: text('fee-market-value'),
            youGet: text('fee-you-get'),
            field: (document.querySelector('[data-testid="amount-receive"]') as HTMLInputElement).value,
            amounts,
          };
        });
        const youGet = numberOf(snap.youGet, prefix);
        const rest = snap.amounts.reduce((left, a) => left - Number(a), numberOf(snap.market, prefix));
        return { sameAsField: youGet === numberOf(snap.field, prefix), addsUp: Math.abs(rest - youGet) < 1e-9 };
      })
      .toEqual({ sameAsField: true, addsUp: true });
    // The time estimate, deposit seen → payout sent: the BTC network's default on a fresh api.
    const estimate = page.getByTestId('quote-estimate');
    await expect(estimate).toHaveAttribute('data-basis', 'default');
    await expect(page.getByTestId('quote-estimate-range')).toHaveText(prefix ? /^≈ \d+(–\d+)? (с|мин|ч)$/ : /^≈ \d+(–\d+)? (s|min|h)$/);
    await expect(estimate).toContainText(prefix ? 'ещё не измерено' : 'not yet measured');
  });
}

test('/: the order page shows its send network’s estimate beside the confirmations', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await startExchange(page, { from: 'eth', fromSearch: 'ethereum', to: 'btc', toSearch: 'bitcoin', amount: '0.5' });
  const quoted = await page.getByTestId('quote-estimate').getAttribute('data-p50');
  await page.getByTestId('destination-address').fill(ADDRESSES.btc);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  const { orderId, destinationAddress } = await expectOrderPage(page);
  const res = await page.request.get(`${stack.apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
  const order = (await res.json()) as { claimedDepositAmount: string; orderDetails: { estimatedSeconds?: { p50: number; p90: number; basis: string } } };
  expect(order.orderDetails.estimatedSeconds).toMatchObject({ basis: 'default' });
  expect(String(order.orderDetails.estimatedSeconds?.p50)).toBe(quoted);

  await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);
  // ETH needs 12 confirmations: the estimate shows with them until the payout is sent.
  const estimate = page.getByTestId('order-estimate');
  await expect(estimate).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('confirmations')).toBeVisible();
  await expect(estimate).toHaveAttribute('data-p50', String(order.orderDetails.estimatedSeconds?.p50));
  await expect(page.getByTestId('order-estimate-range')).toHaveText(/^≈ \d+(–\d+)? (s|min|h)$/);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
  await expect(estimate).toBeHidden();
});
