// Issue 10 "What it must show": the whole exchange journey by keyboard alone. From the home page, with Tab, Shift+Tab,
// Enter, Space, the arrow keys and typing only (no click, no fill, no programmatic focus): choose a pair with the coin
// selectors, type the amount and the destination address, accept the terms, create the order, and on the order page
// copy the deposit address with its copy button — the clipboard then holds exactly the address shown. At each
// control the focus must be visible (helpers/keyboard.ts).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectFocusVisible, tabTo } from '../helpers/keyboard';
import { ADDRESSES, expectOrderPage } from '../helpers/orders';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Opens a side's coin selector from its focused trigger, searches by ticker and picks the first match. */
async function chooseCoin(page: Page, side: 'send' | 'receive', ticker: string, slug: string): Promise<void> {
  const trigger = page.getByTestId(`instrument-${side}`);
  await tabTo(page, trigger);
  await expectFocusVisible(page, `the ${side} coin selector`);
  await page.keyboard.press('Enter');
  // the search field takes the focus when the selector opens
  await expect(page.getByTestId(`instrument-${side}-search`)).toBeFocused();
  await page.keyboard.type(ticker);
  await expect(page.getByTestId(`instrument-${side}-option-${slug}`)).toBeVisible();
  // the first match: ArrowDown moves to it (a listbox's active option, or the first option button), Enter picks it
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('data-slug', slug);
  await expect(page.getByTestId(`instrument-${side}-search`)).toHaveCount(0);
  // closing the selector gives the focus back to its trigger
  await expect.soft(trigger, 'the focus returns to the coin selector after a pick').toBeFocused({ timeout: 3_000 });
}

test('keyboard only: choose a pair, fill the form, accept the terms, create the order, copy the deposit address', async ({ page, stack }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByTestId('amount-send')).toBeVisible({ timeout: 20_000 });

  // the pair: LTC → BTC, both chosen with the coin selectors
  await chooseCoin(page, 'send', 'LTC', 'ltc');
  await chooseCoin(page, 'receive', 'BTC', 'btc');

  // the amount: back up the form with Shift+Tab, replace what is there
  const amount = page.getByTestId('amount-send');
  await tabTo(page, amount, { backwards: true });
  await expectFocusVisible(page, 'the amount field');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  await expect(amount).toHaveValue('3');
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/, { timeout: 20_000 });
  await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/, { timeout: 20_000 });
  await expect(page.getByTestId('pair-error')).toHaveCount(0);

  // the destination address
  const destination = page.getByTestId('destination-address');
  await tabTo(page, destination);
  await expectFocusVisible(page, 'the destination address field');
  await page.keyboard.type(ADDRESSES.btc);
  await expect(destination).toHaveValue(ADDRESSES.btc);

  // the terms, with Space
  const terms = page.getByTestId('terms');
  await tabTo(page, terms);
  await expectFocusVisible(page, 'the terms checkbox');
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();

  // create, with Enter
  await tabTo(page, page.getByTestId('create-order'));
  await expectFocusVisible(page, 'the create button');
  await page.keyboard.press('Enter');

  const { orderId, destinationAddress } = await expectOrderPage(page);
  expect(destinationAddress).toBe(ADDRESSES.btc);
  const res = await page.request.get(`${stack.apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
  expect(res.status(), await res.text()).toBe(200);
  const { depositAddress } = ((await res.json()) as { orderDetails: { depositAddress: string } }).orderDetails;
  // the address shown is the order's (spaces a display may group it with aside)
  const shown = page.getByTestId('deposit-address');
  await expect.poll(async () => ((await shown.textContent()) ?? '').replace(/\s+/g, '')).toBe(depositAddress);

  // copy the deposit address with its button, by keyboard
  await tabTo(page, page.getByTestId('copy-deposit-address'));
  await expectFocusVisible(page, 'the copy button');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(depositAddress);
});
