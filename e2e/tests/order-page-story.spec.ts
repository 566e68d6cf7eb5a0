// Issue 25: the order page tells the whole story. A waiting FIXED order with a memo coin on the receive side, at 1280
// and 390 px in English: the summary (address, memo, rate type, rate, amounts), "Copy amount" in words and, on the
// phone, the time left on the first screen with the amount. A floating order on /ru: "about", paid on the sandbox chain
// to completion, whose "Новый обмен" opens the same pair's form.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoSeriousViolations } from '../helpers/axe';
import { VIEWPORTS } from '../helpers/looks';
import { ADDRESSES, fetchOrder, sandboxDeposit } from '../helpers/orders';

interface Ref {
  currencyTitle: string;
  networkTitle: string;
  slug: string;
}

async function createOrder(
  request: APIRequestContext,
  webUrl: string,
  o: { rateMode: 'FIXED' | 'FLOATING'; to: 'ETH' | 'XRP'; destinationAddress: string; memo?: string },
): Promise<string> {
  const instruments = (await (await request.get('/api/v2/instruments/public?all=true')).json()) as Ref[];
  const pick = (c: string): Ref => {
    const found = instruments.find((i) => i.currencyTitle === c && i.networkTitle === c)!;
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  const res = await request.post('/api/v1/orders/public/create', {
    headers: { origin: webUrl, accept: 'application/json' },
    data: {
      rateMode: o.rateMode,
      instrumentFrom: pick('BTC'),
      instrumentTo: pick(o.to),
      destinationAddress: o.destinationAddress,
      ...(o.memo ? { destinationAddressMemo: o.memo } : {}),
      ...(o.rateMode === 'FIXED' ? { refundAddress: ADDRESSES.btc } : {}),
      claimedDepositAmount: '0.05',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

const orderPath = (prefix: '' | '/ru', orderId: string, destinationAddress: string) =>
  `${prefix}/order/${encodeURIComponent(orderId)}?destinationAddress=${encodeURIComponent(destinationAddress)}`;

test('a waiting fixed-rate order (XRP with a tag) at 1280 and 390 px: the summary, "Copy amount", the time left on the first screen', async ({
  page,
  request,
  stack,
}) => {
  const orderId = await createOrder(request, stack.webUrl, { rateMode: 'FIXED', to: 'XRP', destinationAddress: ADDRESSES.xrp, memo: '4242' });
  await page.setViewportSize(VIEWPORTS[1280]);
  await page.goto(orderPath('', orderId, ADDRESSES.xrp));

  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('destination-address')).toHaveText(ADDRESSES.xrp);
  await expect(summary.getByTestId('destination-memo')).toHaveText('4242');
  await expect(summary).toContainText('Fixed rate');
  await expect(summary.getByTestId('summary-rate')).toHaveText(/^1 BTC = [\d,]+(\.\d+)? XRP$/);
  await expect(summary.getByTestId('summary-send')).toHaveText('0.05 BTC');
  // a fixed amount is exact: no "about"
  await expect(summary.getByTestId('summary-receive')).toHaveText(/^[\d,]+(\.\d+)? XRP$/);
  await expect(page.getByTestId('copy-deposit-amount')).toHaveText('Copy amount');
  await expect(page.getByTestId('time-left')).toHaveText(/^Fixed rate held for \d+:\d\d$/);

  await page.setViewportSize(VIEWPORTS[390]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('time-left')).toBeInViewport();
  await expect(page.getByTestId('copy-deposit-amount')).toBeInViewport();
  await expect(summary.getByTestId('destination-memo')).toHaveText('4242');
  await expectNoSeriousViolations(page, 'fixed order waiting, 390 px');
});

test('/ru, 390 px: a floating order says «около», and once completed «Новый обмен» opens the same pair’s form', async ({ page, request, stack }) => {
  test.setTimeout(120_000);
  const orderId = await createOrder(request, stack.webUrl, { rateMode: 'FLOATING', to: 'ETH', destinationAddress: ADDRESSES.eth });
  await page.setViewportSize(VIEWPORTS[390]);
  await page.goto(orderPath('/ru', orderId, ADDRESSES.eth));

  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Плавающий курс');
  await expect(summary.getByTestId('summary-rate')).toHaveText(/^1 BTC ≈ [\d\s\u00a0]+(,\d+)? ETH$/);
  await expect(summary.getByTestId('summary-receive')).toHaveText(/^около [\d\s\u00a0]+(,\d+)? ETH$/);
  await expect(summary.getByTestId('destination-address')).toHaveText(ADDRESSES.eth);

  const order = await fetchOrder(request, stack.apiUrl, orderId, ADDRESSES.eth);
  await sandboxDeposit(request, stack.apiUrl, orderId, order.claimedDepositAmount);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });
  await expect(page.getByTestId('order-state')).toHaveText('Завершено');
  await expect(page.getByTestId('order-summary')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'order completed, /ru 390 px');

  await page.getByTestId('order-completed').getByRole('link', { name: 'Новый обмен' }).click();
  await expect(page).toHaveURL(/\/ru\/exchange-btc-eth$/);
  await expect(page.getByTestId('instrument-send')).toHaveAttribute('data-slug', 'btc');
  await expect(page.getByTestId('instrument-receive')).toHaveAttribute('data-slug', 'eth');
});
