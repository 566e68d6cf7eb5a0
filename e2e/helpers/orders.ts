// Helpers for the exchange journeys: drive the exchange form, read the created order, pay it on the
// sandbox chain (POST /api/v1/sandbox/orders/:orderId/deposit, present only in sandbox mode).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Addresses that pass the api's per-network validation (well-known valid test vectors). */
export const ADDRESSES = {
  eth: '0xde709f2102306220921060314715629080e2fb77',
  btc: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  xrp: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh',
} as const;

/** Picks a currency in the coin selector of one side (search, then the option). */
export async function pickInstrument(page: Page, side: 'send' | 'receive', slug: string, search: string): Promise<void> {
  const trigger = page.getByTestId(`instrument-${side}`);
  if ((await trigger.getAttribute('data-slug')) === slug) return;
  await trigger.click();
  await page.getByTestId(`instrument-${side}-search`).fill(search);
  await page.getByTestId(`instrument-${side}-option-${slug}`).click();
  await expect(trigger).toHaveAttribute('data-slug', slug);
}

/** Home page as a new visitor, the pair chosen and an amount typed; waits for the rate. */
export async function startExchange(
  page: Page,
  o: { from: string; fromSearch: string; to: string; toSearch: string; amount: string; prefix?: '' | '/ru' },
): Promise<void> {
  await page.goto(`${o.prefix ?? ''}/`);
  await expect(page.getByTestId('amount-send')).toBeVisible({ timeout: 20_000 });
  await pickInstrument(page, 'send', o.from, o.fromSearch);
  await pickInstrument(page, 'receive', o.to, o.toSearch);
  await page.getByTestId('amount-send').fill(o.amount);
  await expect(page.getByTestId('live-rate')).toHaveText(/\d/);
  await expect(page.getByTestId('amount-receive')).toHaveValue(/[1-9]/);
}

/** Records order-create calls the page makes. */
export function watchOrderCreates(page: Page): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders/public/create') n += 1;
  });
  return { count: () => n };
}

/** After create: the order page under the locale prefix; returns the id and destination from the URL. */
export async function expectOrderPage(page: Page, prefix: '' | '/ru' = ''): Promise<{ orderId: string; destinationAddress: string }> {
  const { orderId, destinationAddress } = await orderPageReached(page, prefix);
  await expect(page.getByTestId('order-state')).toHaveAttribute('data-state', 'CREATION_END');
  await expect(page.getByTestId('deposit-address')).not.toBeEmpty();
  return { orderId, destinationAddress };
}

/** Waits for the order page under the locale prefix (`/order/{id}?destinationAddress=…`); its id and destination. */
export async function orderPageReached(page: Page, prefix: '' | '/ru' = '', timeout = 20_000): Promise<{ orderId: string; destinationAddress: string }> {
  await page.waitForURL(new RegExp(`^[^?]*${prefix.replace('/', '\\/')}/order/[^/?]+\\?destinationAddress=`), { timeout });
  const url = new URL(page.url());
  return { orderId: decodeURIComponent(url.pathname.split('/').pop()!), destinationAddress: url.searchParams.get('destinationAddress')! };
}

interface OrderInfo {
  claimedDepositAmount: string;
  orderEvents: { kind: string }[];
}

export async function fetchOrder(request: APIRequestContext, apiUrl: string, orderId: string, destinationAddress: string): Promise<OrderInfo> {
  const res = await request.get(`${apiUrl}/api/v1/orders/public-info`, { params: { orderId, destinationAddress } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderInfo;
}

/** Pays the order on the sandbox chain. */
export async function sandboxDeposit(request: APIRequestContext, apiUrl: string, orderId: string, amount: string): Promise<void> {
  const res = await request.post(`${apiUrl}/api/v1/sandbox/orders/${encodeURIComponent(orderId)}/deposit`, { data: { amount } });
  expect(res.status(), await res.text()).toBe(200);
}
