// Issue 23 (§5): a memo / destination tag follows its network's rule on the form, as on the server
// (shared-contracts memo.ts). An XRP destination tag that is not a whole number from 0 to 4294967295 is refused at
// its field and no order is created; a valid tag creates the order, which carries it. In English and under /ru.
import { expect, test } from '../fixtures';
import { ADDRESSES, expectOrderPage, startExchange, watchOrderCreates } from '../helpers/orders';

const TAG_ERROR = {
  '': 'A destination tag is a whole number from 0 to 4294967295 (digits only).',
  '/ru': 'Тег назначения — целое число от 0 до 4294967295 (только цифры).',
};

for (const prefix of ['', '/ru'] as const) {
  test(`${prefix || '/'}: an invalid XRP destination tag is refused on the form, a valid one creates the order`, async ({ page, stack }) => {
    test.setTimeout(90_000);
    const creates = watchOrderCreates(page);
    await startExchange(page, { from: 'btc', fromSearch: 'bitcoin', to: 'xrp', toSearch: 'ripple', amount: '0.05', prefix });
    await page.getByTestId('destination-address').fill(ADDRESSES.xrp);
    await page.getByTestId('terms').check();

    for (const tag of ['abc-not-a-number', '4294967296']) {
      await page.getByTestId('destination-memo').fill(tag);
      await page.getByTestId('create-order').click();
      await expect(page.getByTestId('destination-memo-error')).toHaveText(TAG_ERROR[prefix]);
      // the keyboard lands on the field to fix
      await expect(page.getByTestId('destination-memo')).toBeFocused();
    }
    expect(creates.count()).toBe(0);
    await expect(page).not.toHaveURL(/\/order\//);

    await page.getByTestId('destination-memo').fill('4294967295');
    await expect(page.getByTestId('destination-memo-error')).toHaveCount(0);
    await page.getByTestId('create-order').click();
    const { orderId, destinationAddress } = await expectOrderPage(page, prefix);
    expect(creates.count()).toBe(1);
    const res = await page.request.get(`${stack.apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { destinationAddressMemo: string | null }).destinationAddressMemo).toBe('4294967295');
  });
}
