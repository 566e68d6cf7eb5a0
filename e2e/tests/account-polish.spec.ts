// Issue 25, the account: on /ru the verification's photos are chosen with the design system's upload field (its texts
// in Russian, the browser's "Choose File" out of sight), and a text file named .png is refused by its bytes before
// anything is uploaded, with no broken preview; a withdrawal shows a confirmation step (amount, fee, what arrives,
// address) and only confirming it sends the one withdrawal.
import type { Page } from '@playwright/test';
import { expect, gotoLive, test } from '../fixtures';
import { micro, signedInAccount, waitForCompleted } from '../helpers/accounts';
import { expectNoSeriousViolations } from '../helpers/axe';
import { ADDRESSES, sandboxDeposit } from '../helpers/orders';

/** A real TRON address (base58check): the USDT TRC20 contract's. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function posts(page: Page, pathname: string): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === pathname) n += 1;
  });
  return { count: () => n };
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/ru verification: the upload field speaks Russian; a text file named .png is refused before upload', async ({ page, context }) => {
    test.setTimeout(60_000);
    await signedInAccount(context, 'upload');
    const submits = posts(page, '/api/v1/users/kyc/submit');
    await gotoLive(page, '/ru/profile/verification');
    await page.getByTestId('verification-start').click();
    await page.getByTestId('kyc-residence').selectOption('DE');
    await page.getByTestId('verification-next').click();
    await page.getByTestId('verification-next').click();
    await page.getByTestId('kyc-first-name').fill('Anna');
    await page.getByTestId('kyc-last-name').fill('Schmidt');
    await page.getByTestId('kyc-issue-country').selectOption('DE');
    await page.getByTestId('kyc-birth-date').fill('1990-05-17');
    await page.getByTestId('kyc-number').fill('L01X00T47');
    await page.getByTestId('verification-next').click();
    await page.getByTestId('kyc-ready').check();
    await page.getByTestId('verification-next').click();
    const card = page.getByTestId('verification-step');
    await expect(card).toHaveAttribute('data-step', 'UPLOADING_DOCS');
    // the card and the indicator count the same stages
    await expect(page.getByTestId('verification-part')).toHaveText('Документы и проверка: часть 2 из 2');

    // the field's own button and prompt, in Russian; the native input (whose button the browser names) is out of sight
    await expect(card.getByText('Выбрать фото')).toHaveCount(3);
    await expect(card.getByText('Фото не выбрано')).toHaveCount(3);
    const front = page.getByTestId('kyc-file-front');
    expect((await front.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(page.getByLabel('Лицевая сторона документа')).toHaveAttribute('type', 'file');

    // a text file that only calls itself a PNG: refused by its bytes, no preview, nothing sent
    await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: Buffer.from('hello, I am a text file\n') });
    await expect(card.getByRole('alert')).toHaveText('Этот файл — не изображение JPEG, PNG или WebP, как бы он ни назывался. Выберите фотографию.');
    await expect(front).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('kyc-file-front-preview')).toHaveCount(0);

    // a real PNG: its name and preview
    await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('kyc-file-front-preview')).toBeVisible();
    await expect(card).toContainText('front.png');
    await expect(front).not.toHaveAttribute('aria-invalid', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the upload step scrolls sideways').toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, '/ru verification upload step', '[data-testid="verification-step"]');
    expect(submits.count()).toBe(0);
  });
});

test('withdrawal: Withdraw all, a confirmation step with amount, fee, what arrives and the address; confirming sends one withdrawal', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(150_000);
  await signedInAccount(context, 'withdraw-confirm', { confirmed: true });
  // the account's own completed order earns it cashback (0.1 % of its volume, withdrawable at once in the harness):
  // 0.2 BTC is above the 10 USDT minimum
  const instruments = (await (await context.request.get('/api/v2/instruments/public?all=true')).json()) as {
    currencyTitle: string;
    networkTitle: string;
    slug: string;
  }[];
  const pick = (c: string) => {
    const found = instruments.find((i) => i.currencyTitle === c && i.networkTitle === c);
    if (!found) throw new Error(`no ${c} instrument`);
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  const created = await context.request.post('/api/v1/orders/public/create', {
    headers: { origin: stack.webUrl, accept: 'application/json' },
    data: { rateMode: 'FLOATING', instrumentFrom: pick('BTC'), instrumentTo: pick('ETH'), destinationAddress: ADDRESSES.eth, claimedDepositAmount: '0.2' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { orderId } = (await created.json()) as { orderId: string };
  await sandboxDeposit(context.request, stack.apiUrl, orderId, '0.2');
  await waitForCompleted(context.request, stack.apiUrl, orderId, ADDRESSES.eth);

  const available = page.getByTestId('wallet-available');
  await expect(async () => {
    await gotoLive(page, '/profile/withdraw');
    expect(micro((await available.getAttribute('data-amount')) ?? '0')).toBeGreaterThanOrEqual(micro('10'));
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });
  const balance = (await available.getAttribute('data-amount')) ?? '0';
  const withdrawals = posts(page, '/api/v1/affiliates/withdrawals');

  await page.getByTestId('withdraw-all').click();
  await expect.poll(async () => micro(await page.getByTestId('withdraw-amount').inputValue())).toBe(micro(balance));
  await page.getByTestId('withdraw-address').fill(TRON_ADDRESS);
  await page.getByTestId('withdraw-submit').click();
  const dialog = page.getByTestId('withdraw-confirm');
  await expect(dialog).toBeVisible();
  const shown = async (testId: string) => micro(((await dialog.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, ''));
  await expect(dialog.getByTestId('withdraw-confirm-amount')).toHaveText(/ USDT$/);
  expect(await shown('withdraw-confirm-amount')).toBe(micro(balance));
  await expect(dialog.getByTestId('withdraw-confirm-fee')).toHaveText('0 USDT');
  expect(await shown('withdraw-confirm-receives')).toBe(micro(balance));
  await expect(dialog.getByTestId('withdraw-confirm-address')).toHaveText(TRON_ADDRESS);
  await expectNoSeriousViolations(page, 'withdrawal confirmation', '[data-testid="withdraw-confirm"]');
  expect(withdrawals.count(), 'nothing is sent before confirming').toBe(0);

  await dialog.getByTestId('withdraw-confirm-send').click();
  await expect(page.getByTestId('withdraw-success')).toContainText(TRON_ADDRESS);
  expect(withdrawals.count()).toBe(1);
  await expect(page.getByTestId('withdrawal-row')).toHaveCount(1);
});
