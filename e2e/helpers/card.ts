// The §4 card flow from the browser: the card pair page's form, and the sandbox provider's own pages (its KYC page and
// its card payment page, served by the api in sandbox mode and reached through web's /api proxy), which the site opens
// in a new tab.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { ADDRESSES } from './orders';

/** The sandbox provider's test cards (api/src/adapters/provider/sandbox.ts). */
export const TEST_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * The card USD → BTC pair page under the locale prefix (straight, or from the popular exchanges page) with `amount` USD typed, a BTC destination address and the
 * terms accepted; waits for the rate, so the next step is the create button.
 */
export async function fillCardPurchase(page: Page, prefix: '' | '/ru', amount: string, via?: 'popular exchanges'): Promise<void> {
  if (via) {
    // the popular CARDUSD>BTC exchange links to its pair page
    await page.goto(`${prefix}/popular-exchanges`);
    await page.getByTestId('popular-list').locator(`a[href="${prefix}/exchange-usd-btc"]`).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/exchange-usd-btc$`));
  } else {
    await page.goto(`${prefix}/exchange-usd-btc`);
  }
  await expect(page.getByTestId('instrument-send')).toHaveAttribute('data-slug', 'usd');
  await expect(page.getByTestId('instrument-receive')).toHaveAttribute('data-slug', 'btc');
  await page.getByTestId('amount-send').fill(amount);
  await expect(page.getByTestId('live-rate')).toHaveText(/\d/);
  await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/);
  // a card purchase has no refund address: the card is refunded
  await expect(page.getByTestId('refund-address')).toHaveCount(0);
  await page.getByTestId('destination-address').fill(ADDRESSES.btc);
  await page.getByTestId('terms').check();
}

/** Clicks a link that opens in a new tab (target _blank); the tab, loaded. */
export async function openInNewTab(link: Locator): Promise<Page> {
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([link.page().context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  return tab;
}

/** The sandbox KYC page (its tab): passes or fails the applicant's KYC, then closes the tab. */
export async function decideSandboxKyc(tab: Page, decision: 'pass' | 'fail'): Promise<void> {
  await expect(tab.getByRole('heading', { name: 'Identity check' })).toBeVisible();
  await tab.getByRole('button', { name: decision === 'pass' ? 'Pass KYC' : 'Fail KYC' }).click();
  await expect(tab.getByRole('status')).toHaveText(decision === 'pass' ? 'KYC passed' : 'KYC failed');
  await tab.close();
}

/** The sandbox card payment page (its tab): pays with `card`, closes the tab; what the page answered. */
export async function payOnSandboxPage(tab: Page, card: string): Promise<string> {
  await expect(tab.getByRole('heading', { name: 'Card payment' })).toBeVisible();
  await tab.getByLabel('Card number').fill(card);
  await tab.getByRole('button', { name: 'Pay' }).click();
  const result = tab.getByRole('status');
  await expect(result).toHaveText(/^Payment (accepted|declined: .+)$/);
  const text = (await result.textContent()) ?? '';
  await tab.close();
  return text;
}

/** §1: the card instruments (network CARD) are offered on the send side only; the selectors are left closed. */
export async function expectCardInstrumentsSendOnly(page: Page): Promise<void> {
  await page.getByTestId('instrument-receive').click();
  await expect(page.getByTestId('instrument-receive-option-eth')).toBeVisible();
  await expect(page.getByTestId('instrument-receive-option-usd')).toHaveCount(0);
  await expect(page.getByTestId('instrument-receive-option-eur')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('instrument-receive-search')).toHaveCount(0);
  await page.getByTestId('instrument-send').click();
  await page.getByTestId('instrument-send-search').fill('card');
  await expect(page.getByTestId('instrument-send-option-usd')).toBeVisible();
  await expect(page.getByTestId('instrument-send-option-eur')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('instrument-send-search')).toHaveCount(0);
}
