// Journeys (1) and (7): a new visitor exchanges BTC for ETH at a floating rate and watches the order
// complete without reloading, in English and under /ru.
import { CYRILLIC, expect, expectSameDocument, markDocument, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: BTC → ETH floating, sandbox deposit, steps advance to completed without a reload`, async ({ page, stack }) => {
    test.setTimeout(120_000);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    if (prefix) await expect(page.getByTestId('page-title')).toHaveText(CYRILLIC);
    await expect(page.getByTestId('fee-platform')).toHaveText(/ETH$/);
    await expect(page.getByTestId('fee-network')).toHaveText(/ETH$/);
    await expect(page).toHaveURL(/[?&]send=btc&receive=eth&amount=0\.05/);

    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();

    const { orderId, destinationAddress } = await expectOrderPage(page, prefix);
    expect(destinationAddress).toBe(ADDRESSES.eth);
    if (prefix) await expect(page.getByTestId('order-state')).toHaveText(CYRILLIC);
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-ready', 'true');
    await markDocument(page);

    const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
    await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);

    await expect(page.getByTestId('order-transactions')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('order-steps')).toHaveAttribute('data-step', /^[23]$/, { timeout: 30_000 });
    await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
    await expect(page.getByTestId('order-steps')).toHaveAttribute('data-step', '3');
    await expect(page.getByTestId('order-completed')).toContainText(ADDRESSES.eth);
    await expect(page.getByTestId('payout-tx')).not.toBeEmpty();
    await expectSameDocument(page);
  });
}
