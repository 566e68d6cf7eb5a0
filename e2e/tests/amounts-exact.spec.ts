// Issue 23, amounts a customer can actually pay (§3, §9), en and /ru: a FIXED USDT (TRC20) → BTC order made by typing
// the amount to RECEIVE asks for a deposit in USDT's own unit (6 decimals, never 8); the amount the order page shows is
// the one its copy button puts in the clipboard and the order's claimedDepositAmount; a sandbox deposit of exactly that
// amount completes with no wrong-amount problem. (USDT on TRC20 has no payment-URI scheme: its QR code is the bare
// address, so there is no amount in it to compare.)
// The harness's api turns any market move into a fixed-rate problem (FIXED_RATE_VOLATILITY_THRESHOLD in
// harness/stack.ts, for exchange-fixed.spec.ts), which would stop an exact deposit too; this spec runs an api of its own
// with an ordinary threshold and quick confirmations, and a web of its own with the stack's remotes (harness/ownStack.ts).
import type { Page } from '@playwright/test';
import { type OwnStack, startOwnStack } from '../harness/ownStack';
import { expect, gotoLive, test } from '../fixtures';
import { ADDRESSES, fetchOrder, orderPageReached, pickInstrument, sandboxDeposit } from '../helpers/orders';

const TRON_REFUND = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WANTED_BTC = '0.01';

interface PaidOrder {
  claimedDepositAmount: string;
  amountToGet: string;
  orderEvents: { kind: string }[];
  withdrawals: { amount: string }[];
}

let stack: OwnStack | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack({
    label: 'amounts-exact',
    api: { env: { CONFIRMATION_INTERVAL_MS: '200', FIXED_RATE_VOLATILITY_THRESHOLD: '0.5' } },
    web: { remotes: 'stack' },
  });
});

test.afterAll(async () => {
  await stack?.stop();
});

const decimals = (amount: string) => (amount.split(/[.,]/)[1] ?? '').length;

/** The exchange form on `prefix`: USDT (TRC20) → BTC, fixed rate, 0.01 BTC typed on the receive side, then create. */
async function createByReceiveAmount(page: Page, prefix: '' | '/ru'): Promise<{ orderId: string; destinationAddress: string }> {
  await gotoLive(page, `${prefix}/`);
  await expect(page.getByTestId('amount-send')).toBeVisible({ timeout: 20_000 });
  await pickInstrument(page, 'send', 'usdttrc20', 'TRC20');
  await pickInstrument(page, 'receive', 'btc', 'BTC');
  await page.getByTestId('amount-receive').fill(WANTED_BTC);
  await page.getByTestId('rate-mode-fixed').click();
  await expect(page.getByTestId('fixed-rate-hold')).toBeVisible({ timeout: 15_000 });
  // a Russian page shows the amounts with the decimal comma (issue 25)
  await expect(page.getByTestId('amount-receive')).toHaveValue(prefix === '/ru' ? WANTED_BTC.replace('.', ',') : WANTED_BTC);
  // the form solves the deposit: shown in USDT's unit
  await expect(page.getByTestId('amount-send')).toHaveValue(/^[1-9]\d*([.,]\d+)?$/, { timeout: 15_000 });
  const shownSend = await page.getByTestId('amount-send').inputValue();
  expect(decimals(shownSend), shownSend).toBeLessThanOrEqual(6);
  await page.getByTestId('destination-address').fill(ADDRESSES.btc);
  await page.getByTestId('refund-address').fill(TRON_REFUND);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  const ids = await orderPageReached(page, prefix);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'CREATION_END');
  return ids;
}

for (const prefix of ['', '/ru'] as const) {
  test(`a FIXED USDT (TRC20) → BTC order typed on the receive side is paid with the copied amount and completes (${prefix || 'en'})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({ baseURL: stack!.webUrl, permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const page = await context.newPage();
      const apiUrl = stack!.apiUrls[0];
      const { orderId, destinationAddress } = await createByReceiveAmount(page, prefix);
      const order = (await fetchOrder(context.request, apiUrl, orderId, destinationAddress)) as unknown as PaidOrder;
      // asked in USDT's unit, promising at least the 0.01 BTC typed
      expect(decimals(order.claimedDepositAmount), order.claimedDepositAmount).toBeLessThanOrEqual(6);
      expect(Number(order.amountToGet)).toBeGreaterThanOrEqual(Number(WANTED_BTC));

      // shown, copied and expected by the deposit check: one value
      const send = page.getByTestId('order-send');
      await expect(send).toContainText(`${order.claimedDepositAmount} USDT`);
      await page.getByTestId('copy-deposit-amount').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(order.claimedDepositAmount);
      const copied = await page.evaluate(() => navigator.clipboard.readText());

      await sandboxDeposit(context.request, apiUrl, orderId, copied);
      await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
      const done = (await fetchOrder(context.request, apiUrl, orderId, destinationAddress)) as unknown as PaidOrder;
      expect(done.orderEvents.map((e) => e.kind)).not.toContain('FIXED_RATE_WRONG_DEPOSIT_AMOUNT_DETECTED');
      expect(done.orderEvents.map((e) => e.kind)).not.toContain('RATE_MODE_CHANGED');
      expect(done.withdrawals).toEqual([expect.objectContaining({ amount: order.amountToGet })]);
    } finally {
      await context.close();
    }
  });
}
