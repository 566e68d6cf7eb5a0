// Issue 29 "no surprise holds", en and /ru: the form says before the deposit what would hold the order — a card
// purchase above the no-KYC threshold names the rule and the refund promise, a crypto pair lists its maximum and
// minimum under "When is an order held?" with a link to the AML/KYC policy; a held order's page promises the full
// refund within the published hours (24 by default), and once requested says when it is due, then completes; /status
// shows the monthly held / refunded / completed counts.
import { expect, test } from '../fixtures';
import { ADDRESSES, sandboxDeposit } from '../helpers/orders';

const LOCALES = [
  { prefix: '', hours: /24 hours/, summary: 'When is an order held?', due: /sent by .+ at the latest/, holdsTitle: 'Held, refunded and completed orders' },
  { prefix: '/ru', hours: /24 часов/, summary: 'Когда заявку задерживают?', due: /не позднее/, holdsTitle: 'Задержанные, возвращённые и выполненные заявки' },
] as const;

for (const l of LOCALES) {
  test(`${l.prefix || '/'}: the form shows the rule a large card purchase crosses, and every rule of a crypto pair`, async ({ page }) => {
    await page.goto(`${l.prefix}/exchange-usd-btc`);
    await page.getByTestId('amount-send').fill('2000');
    const applies = page.getByTestId('hold-rule-applies');
    await expect(applies).toHaveAttribute('data-reason', 'DEPOSIT_ABOVE_NO_KYC_THRESHOLD');
    await expect(applies).toContainText(l.hours);
    // a purchase under the threshold crosses nothing
    await page.getByTestId('amount-send').fill('500');
    await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/);
    await expect(page.getByTestId('hold-rule-applies')).toHaveCount(0);

    await page.goto(`${l.prefix}/exchange-btc-eth`);
    await page.getByTestId('amount-send').fill('0.1');
    await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/);
    await expect(page.getByTestId('hold-rule-applies')).toHaveCount(0);
    await page.getByTestId('hold-rules-summary').click();
    await expect(page.getByTestId('hold-rules-summary')).toHaveText(l.summary);
    const reasons = await page.getByTestId('hold-rule').evaluateAll((els) => els.map((e) => e.getAttribute('data-reason')));
    expect(reasons).toEqual(['DEPOSIT_ABOVE_MAXIMUM', 'DEPOSIT_BELOW_MINIMUM', 'PAIR_NOT_ACTIVE']);
    await expect(page.getByTestId('hold-rule').first()).toContainText('BTC');
    await expect(page.getByTestId('hold-rules-policy')).toHaveAttribute('href', `${l.prefix}/aml-kyc`);
  });

  test(`${l.prefix || '/'}: a held order promises the full refund within the published hours and pays it`, async ({ page, stack }) => {
    const created = await page.request.post(`${stack.apiUrl}/api/v1/orders/public/create`, {
      data: {
        rateMode: 'FLOATING',
        instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
        instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
        destinationAddress: ADDRESSES.eth,
        claimedDepositAmount: '0.1',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { orderId } = (await created.json()) as { orderId: string };
    await sandboxDeposit(page.request, stack.apiUrl, orderId, '100'); // far above the pair's maximum
    await page.goto(`${l.prefix}/order/${orderId}?destinationAddress=${ADDRESSES.eth}`);
    await expect(page.getByTestId('order-on-hold')).toHaveAttribute('data-reason', 'DEPOSIT_ABOVE_MAXIMUM', { timeout: 60_000 });
    const promise = page.getByTestId('hold-refund-promise');
    await expect(promise).toHaveAttribute('data-hours', '24');
    await expect(promise).toContainText(l.hours);

    await page.getByTestId('refund-address').fill(ADDRESSES.btc);
    await page.getByTestId('request-refund').click();
    // requested: the time it is due by, then the refund itself
    const due = page.getByTestId('hold-refund-due');
    const refunded = page.getByTestId('order-refund-completed');
    await expect(due.or(refunded)).toBeVisible({ timeout: 30_000 });
    // read in one go: the refund can complete (and the due line go) between two reads
    const dueLine = await due
      .evaluate((el) => ({ text: el.textContent ?? '', at: el.getAttribute('data-due') }), undefined, { timeout: 1_000 })
      .catch(() => null);
    if (dueLine) {
      expect(dueLine.text).toMatch(l.due);
      expect(Date.parse(dueLine.at!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    }
    await expect(refunded).toBeVisible({ timeout: 60_000 });
  });

  test(`${l.prefix || '/'}: /status shows the monthly held, refunded and completed counts`, async ({ page }) => {
    await page.goto(`${l.prefix}/status`);
    const card = page.getByTestId('status-holds');
    await expect(card).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(card).toContainText(l.holdsTitle);
    await expect(card).toContainText(l.hours);
    const rows = page.getByTestId('status-holds-month');
    await expect(rows).toHaveCount(12);
    // newest first: this UTC month on top, each count a number
    await expect(rows.first()).toHaveAttribute('data-month', new Date().toISOString().slice(0, 7));
    for (const id of ['holds-completed', 'holds-held', 'holds-refunded']) await expect(rows.first().getByTestId(id)).toHaveText(/^\d[\d\s,.\u00a0\u202f]*$/);
  });
}
