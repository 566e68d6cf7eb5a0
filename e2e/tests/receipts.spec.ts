// Issue 29: a completed order's page offers its signed receipt: "Download receipt" saves receipt-<orderId>.jws, which
// verifies (Ed25519, node:crypto) with the key its kid names in /.well-known/receipt-keys.json fetched through web; the
// printable view shows the decoded receipt (outcome, amounts, the payout transaction) with a Print button. /ru says it
// in Russian.
import { createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ADDRESSES, fetchOrder, sandboxDeposit } from '../helpers/orders';

interface Ref {
  currencyTitle: string;
  networkTitle: string;
  slug: string;
}

async function createFloatingBtcEth(request: APIRequestContext, webUrl: string): Promise<string> {
  const instruments = (await (await request.get('/api/v2/instruments/public?all=true')).json()) as Ref[];
  const pick = (c: string): Ref => {
    const found = instruments.find((i) => i.currencyTitle === c && i.networkTitle === c)!;
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  const res = await request.post('/api/v1/orders/public/create', {
    headers: { origin: webUrl, accept: 'application/json' },
    data: { rateMode: 'FLOATING', instrumentFrom: pick('BTC'), instrumentTo: pick('ETH'), destinationAddress: ADDRESSES.eth, claimedDepositAmount: '0.05' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

const orderPath = (prefix: '' | '/ru', orderId: string) =>
  `${prefix}/order/${encodeURIComponent(orderId)}?destinationAddress=${encodeURIComponent(ADDRESSES.eth)}`;

test('a completed order offers its receipt: the download verifies with the published key, the printable view prints', async ({ page, request, stack }) => {
  test.setTimeout(120_000);
  const orderId = await createFloatingBtcEth(request, stack.webUrl);
  await page.goto(orderPath('', orderId));
  await expect(page.getByTestId('order-receipt')).toHaveCount(0);

  const order = await fetchOrder(request, stack.apiUrl, orderId, ADDRESSES.eth);
  await sandboxDeposit(request, stack.apiUrl, orderId, order.claimedDepositAmount);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'WITHDRAWAL_COMPLETED', { timeout: 60_000 });

  const card = page.getByTestId('order-receipt');
  await expect(card.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('receipt-download').click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${orderId}.jws`);
  const jws = (await readFile((await download.path())!, 'utf8')).trim();

  // The key set, through web at the site's origin.
  const keysAnswer = await request.get('/.well-known/receipt-keys.json');
  expect(keysAnswer.status()).toBe(200);
  const keySet = (await keysAnswer.json()) as { keys: Array<{ kid: string; x: string; alg: string }> };
  const [header, payload, signature] = jws.split('.');
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg: string; kid: string };
  expect(alg).toBe('EdDSA');
  const jwk = keySet.keys.find((k) => k.kid === kid)!;
  expect(jwk).toBeTruthy();
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  expect(verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { orderId: string; outcome: string; transactions: { payout: string } };
  expect(claims).toMatchObject({ orderId, outcome: 'COMPLETED' });

  await card.getByTestId('receipt-printable-toggle').click();
  const printable = page.getByTestId('receipt-printable');
  await expect(printable).toContainText('Exchange receipt');
  await expect(printable).toContainText('Completed: paid out');
  await expect(printable).toContainText('0.05 BTC');
  await expect(printable).toContainText(claims.transactions.payout);
  await expect(printable.getByTestId('receipt-jws')).toHaveText(jws);
  // Print opens the browser's print dialog: stubbed here, called once.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await printable.getByTestId('receipt-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // Printed, the receipt alone is visible.
  await page.emulateMedia({ media: 'print' });
  await expect(printable).toBeVisible();
  await expect(page.getByTestId('order-steps')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // /ru: the same card in Russian.
  await page.goto(orderPath('/ru', orderId));
  await expect(page.getByTestId('order-receipt').getByRole('heading', { name: 'Квитанция' })).toBeVisible();
  await expect(page.getByTestId('receipt-download')).toHaveText('Скачать квитанцию');
});
