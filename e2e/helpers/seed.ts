// What the page-by-page specs (a11y.spec.ts, visual.spec.ts) look at besides the public pages: an account with one
// order (waiting for its deposit) and an order paid on the sandbox chain until it completed. Created once per worker
// through the api (as the site's own pages would call it) and shared by every test of that worker, so a spec that
// visits forty page states does not create forty orders; a worker of its own (parallel runs) makes its own.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { stackInfo } from '../harness/client';
import { test as base, expect } from '../fixtures';
import { ADDRESSES, sandboxDeposit } from './orders';

interface SeededOrder {
  orderId: string;
  destinationAddress: string;
  /** the order page, without the locale prefix: `/order/{id}?destinationAddress=…` */
  path: string;
}

export interface SeededAccount {
  email: string;
  password: string;
}

export interface Seed {
  /** the account's order, waiting for its deposit (it appears in the account's history) */
  waitingOrder: SeededOrder;
  /** an order paid in full on the sandbox chain and completed (state WITHDRAWAL_COMPLETED) */
  completedOrder: SeededOrder;
  account: SeededAccount;
}

interface InstrumentRef {
  currencyTitle: string;
  networkTitle: string;
  slug: string;
}

interface OrderState {
  claimedDepositAmount: string;
  orderEvents: { kind: string }[];
}

const orderPath = (orderId: string, destinationAddress: string) =>
  `/order/${encodeURIComponent(orderId)}?destinationAddress=${encodeURIComponent(destinationAddress)}`;

/** BTC → ETH floating, 0.1 BTC, created by `request` (with its cookies: an account's session makes it the account's). */
async function createOrder(request: APIRequestContext, webUrl: string): Promise<SeededOrder> {
  const instruments = (await (await request.get('/api/v2/instruments/public?all=true')).json()) as InstrumentRef[];
  const pick = (c: string): InstrumentRef => {
    const found = instruments.find((i) => i.currencyTitle === c && i.networkTitle === c);
    if (!found) throw new Error(`no ${c} instrument`);
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  const res = await request.post('/api/v1/orders/public/create', {
    headers: { origin: webUrl, accept: 'application/json' },
    data: {
      rateMode: 'FLOATING',
      instrumentFrom: pick('BTC'),
      instrumentTo: pick('ETH'),
      destinationAddress: ADDRESSES.eth,
      claimedDepositAmount: '0.1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  return { orderId, destinationAddress: ADDRESSES.eth, path: orderPath(orderId, ADDRESSES.eth) };
}

async function orderState(request: APIRequestContext, order: SeededOrder): Promise<OrderState> {
  const res = await request.get('/api/v1/orders/public-info', { params: { orderId: order.orderId, destinationAddress: order.destinationAddress } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderState;
}

/** Pays `order` in full on the sandbox chain and waits until its payout is done. */
async function complete(request: APIRequestContext, apiUrl: string, order: SeededOrder): Promise<void> {
  const { claimedDepositAmount } = await orderState(request, order);
  await sandboxDeposit(request, apiUrl, order.orderId, claimedDepositAmount);
  await expect
    .poll(async () => (await orderState(request, order)).orderEvents.map((e) => e.kind), { timeout: 90_000, intervals: [500] })
    .toContain('WITHDRAWAL_COMPLETED');
}

/**
 * Issue 24: keys, withdrawals and referrals work only for a confirmed email: the seed account confirms its email with
 * the code from the api's sandbox outbox, as the site's confirmation dialog does.
 */
async function confirmEmail(request: APIRequestContext, webUrl: string, apiUrl: string, email: string): Promise<void> {
  const headers = { origin: webUrl, accept: 'application/json' };
  const asked = await request.post(`${webUrl}/api/v1/users/email/request-confirmation`, { headers, data: { email, locale: 'en' } });
  expect(asked.status(), await asked.text()).toBe(200);
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`${apiUrl}/api/v1/sandbox/mail`, { params: { to: email } });
      const body = (await res.json()) as { messages: { code: string | null; kind: string }[] };
      code = body.messages.find((m) => m.code && m.kind === 'email_confirmation')?.code ?? null;
      return code;
    })
    .not.toBeNull();
  const confirmed = await request.post(`${webUrl}/api/v1/users/email/confirm`, { headers, data: { email, code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Signs `request` in (the session cookies land in its cookie jar: a browser context's `request` signs the context in). */
async function signIn(request: APIRequestContext, webUrl: string, account: SeededAccount): Promise<void> {
  const res = await request.post(`${webUrl}/api/v1/users/local/authenticate`, {
    headers: { origin: webUrl, accept: 'application/json' },
    data: { email: account.email, password: account.password, browserFingerprint: '' },
  });
  expect(res.status(), `sign-in of ${account.email}: ${await res.text()}`).toBe(200);
}

/** Signs a browser context in as `account` (its pages then show the account's header and profile). */
export async function signInContext(context: BrowserContext, account: SeededAccount): Promise<void> {
  await signIn(context.request, stackInfo().webUrl, account);
}

async function seed(request: APIRequestContext, webUrl: string, apiUrl: string): Promise<Seed> {
  const account: SeededAccount = {
    email: `e2e-seed-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'Quiet-Lantern-5820',
  };
  const registered = await request.post('/api/v1/users/local/create', {
    headers: { origin: webUrl, accept: 'application/json' },
    data: { email: account.email, password: account.password, browserFingerprint: '', locale: 'en' },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  await signIn(request, webUrl, account);
  await confirmEmail(request, webUrl, apiUrl, account.email);
  const waitingOrder = await createOrder(request, webUrl);
  const completedOrder = await createOrder(request, webUrl);
  await complete(request, apiUrl, completedOrder);
  return { account, waitingOrder, completedOrder };
}

/** `test` of fixtures.ts plus `seed` (worker-scoped: created on first use, once per worker). */
export const test = base.extend<object, { seed: Seed }>({
  seed: [
    async ({ playwright }, use) => {
      const { webUrl, apiUrl } = stackInfo();
      const request = await playwright.request.newContext({ baseURL: webUrl });
      try {
        await use(await seed(request, webUrl, apiUrl));
      } finally {
        await request.dispose();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
});

export { expect };
