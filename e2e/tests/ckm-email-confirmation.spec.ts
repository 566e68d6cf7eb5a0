// Issue 7 "the visitor's bugs", §4 ckm A (the e2e api runs with CKM_MODE=ALL, so every pair is A): a guest who
// typed an email is asked to confirm it with the code dialog before the order exists; the code comes from the
// sandbox outbox; the order then carries that email, and the same browser is not asked again for it.
import { CYRILLIC, expect, test } from '../fixtures';
import { mailedCode } from '../helpers/accounts';
import { ADDRESSES, expectOrderPage, startExchange, watchOrderCreates } from '../helpers/orders';

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: ckm A — the typed email is confirmed with the mailed code, then the order is created with it`, async ({ page, stack }) => {
    test.setTimeout(90_000);
    const locale = prefix ? 'ru' : 'en';
    const email = `ckm-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const creates = watchOrderCreates(page);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });

    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('email').fill(email);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();

    // Asked before anything is created.
    const dialog = page.getByTestId('auth-dialog');
    await expect(dialog).toHaveAttribute('data-kind', 'emailConfirmation');
    if (prefix) await expect(dialog).toContainText(CYRILLIC);
    await expect(dialog.getByTestId('auth-email')).toHaveValue(email);
    await dialog.getByTestId('auth-submit').click();
    await expect(dialog.getByTestId('auth-confirmation-code')).toBeVisible();
    expect(creates.count()).toBe(0);

    const code = await mailedCode(page.request, stack.apiUrl, email, 'email_confirmation', locale);
    await dialog.getByTestId('auth-confirmation-code').fill(code);
    await dialog.getByTestId('auth-submit').click();

    const { orderId, destinationAddress } = await expectOrderPage(page, prefix);
    expect(creates.count()).toBe(1);
    const order = await page.request.get(`${stack.apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
    expect(((await order.json()) as { userEmail: string | null }).userEmail).toBe(email);

    // The same browser, the same email: no second dialog.
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    await expect(page.getByTestId('email')).toHaveValue(email);
    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();
    await expectOrderPage(page, prefix);
    await expect(page.getByTestId('auth-dialog')).toHaveCount(0);
    expect(creates.count()).toBe(2);
  });

  test(`${prefix || '/'}: ckm A — dismissing the code dialog creates no order`, async ({ page }) => {
    test.setTimeout(60_000);
    const creates = watchOrderCreates(page);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix });
    await page.getByTestId('destination-address').fill(ADDRESSES.eth);
    await page.getByTestId('email').fill(`ckm-dismiss-${Date.now()}@example.com`);
    await page.getByTestId('terms').check();
    await page.getByTestId('create-order').click();
    await expect(page.getByTestId('auth-dialog')).toHaveAttribute('data-kind', 'emailConfirmation');
    await page.getByTestId('auth-close').click();
    await expect(page.getByTestId('auth-dialog')).toHaveCount(0);
    await expect(page.getByTestId('create-order')).toBeEnabled();
    expect(creates.count()).toBe(0);
    await expect(page).not.toHaveURL(/\/order\//);
  });
}
