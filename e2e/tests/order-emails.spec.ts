// Issue 23: the order mails the site promises reach the sandbox mailbox: the exchange form's email gets the order's
// link (which opens the order) and, once paid out, the completion mail; on /ru the order page's "Send me the link"
// mails the link in Russian.
import type { APIRequestContext } from '@playwright/test';
import { CYRILLIC, expect, test } from '../fixtures';
import { mailedCode, waitForCompleted } from '../helpers/accounts';
import { ADDRESSES, expectOrderPage, fetchOrder, sandboxDeposit, startExchange } from '../helpers/orders';

interface Mail {
  kind: string;
  locale: string;
  subject: string;
  text: string;
}

/** The mail of `kind` to `to`, once it has arrived. */
async function mailOf(request: APIRequestContext, apiUrl: string, to: string, kind: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${apiUrl}/api/v1/sandbox/mail`, { params: { to } });
        found = ((await res.json()) as { messages: Mail[] }).messages.find((m) => m.kind === kind);
        return !!found;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

const uniqueEmail = (tag: string) => `order-mail-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test('/: the form email gets the order link, which opens the order, and the completion mail', async ({ page, stack }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('en');
  await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05' });
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await page.getByTestId('email').fill(email);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  // §4 ckm A: the email is confirmed with its code first (ckm-email-confirmation.spec.ts)
  const dialog = page.getByTestId('auth-dialog');
  await dialog.getByTestId('auth-submit').click();
  await dialog.getByTestId('auth-confirmation-code').fill(await mailedCode(page.request, stack.apiUrl, email, 'email_confirmation', 'en'));
  await dialog.getByTestId('auth-submit').click();
  const { orderId, destinationAddress } = await expectOrderPage(page);

  const link = await mailOf(page.request, stack.apiUrl, email, 'order_link');
  expect(link.subject).toContain(orderId);
  const url = /https?:\/\/\S+\/order\/\S+/.exec(link.text)?.[0];
  expect(url).toBe(`${new URL(page.url()).origin}/order/${orderId}?destinationAddress=${encodeURIComponent(destinationAddress)}`);

  await page.goto(url!);
  await expect(page.getByTestId('order-id')).toContainText(orderId);
  const order = await fetchOrder(page.request, stack.apiUrl, orderId, destinationAddress);
  await sandboxDeposit(page.request, stack.apiUrl, orderId, order.claimedDepositAmount);
  await waitForCompleted(page.request, stack.apiUrl, orderId, destinationAddress);

  const completed = await mailOf(page.request, stack.apiUrl, email, 'order_completed');
  expect(completed.subject).toContain(orderId);
  expect(completed.text).toContain(ADDRESSES.eth);
  expect(completed.text).toContain(url!);
});

test('/ru: "Send me the link" on the order page mails the link in Russian', async ({ page, stack }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('ru');
  await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'eth', toSearch: 'ethereum', amount: '0.05', prefix: '/ru' });
  await page.getByTestId('destination-address').fill(ADDRESSES.eth);
  await page.getByTestId('terms').check();
  await page.getByTestId('create-order').click();
  const { orderId, destinationAddress } = await expectOrderPage(page, '/ru');

  await page.getByTestId('order-email').fill(email);
  await page.getByTestId('order-email-send').click();
  await expect(page.getByTestId('email-saved')).toBeVisible();

  const link = await mailOf(page.request, stack.apiUrl, email, 'order_link');
  expect(link.locale).toBe('ru');
  expect(link.subject).toMatch(CYRILLIC);
  expect(link.text).toContain(`/ru/order/${orderId}?destinationAddress=${encodeURIComponent(destinationAddress)}`);
});
