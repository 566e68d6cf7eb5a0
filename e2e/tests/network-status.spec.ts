// Per-network status (issue 29), en and /ru: /status lists every active network with its deposits and payouts and links
// the incidents' Atom feed, which the browser's XML parser reads as an Atom feed (reached through web); an incident an
// admin opens on BTC deposits (POST /api/v1/admin/status/network-incidents) shows on /status and makes a BTC → ETH
// order's page link to /status; resolved, the link goes. The admin comes from `pnpm admin create`, so this spec runs
// an api of its own with a web in front of it and the stack's remotes (harness/ownStack.ts, as status-incidents does).
import type { APIRequestContext } from '@playwright/test';
import { type OwnStack, startOwnStack } from '../harness/ownStack';
import { expect, test } from '../fixtures';
import { ADDRESSES } from '../helpers/orders';

const ADMIN = { email: `e2e-network-admin-${Date.now()}@example.com`, password: 'Harbour-Lantern-7315' };
const ATOM = 'http://www.w3.org/2005/Atom';

let stack: OwnStack | undefined;
let webUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startOwnStack({
    label: 'network-status',
    admin: { commands: [['create', ADMIN.email, '--email-confirmed']], env: { ADMIN_PASSWORD: ADMIN.password } },
    web: { remotes: 'stack', readyPath: '/status' },
  });
  webUrl = stack.webUrl;
});

test.afterAll(async () => {
  await stack?.stop();
});

interface Ref {
  currencyTitle: string;
  networkTitle: string;
  slug: string;
  instrumentType: string;
  isActive: boolean;
}

async function createBtcEthOrder(request: APIRequestContext): Promise<string> {
  const instruments = (await (await request.get('/api/v2/instruments/public?all=true')).json()) as Ref[];
  const pick = (c: string) => {
    const found = instruments.find((i) => i.currencyTitle === c && i.networkTitle === c)!;
    return { currencyTitle: found.currencyTitle, networkTitle: found.networkTitle, slug: found.slug };
  };
  const res = await request.post('/api/v1/orders/public/create', {
    headers: { origin: webUrl, accept: 'application/json' },
    data: { rateMode: 'FLOATING', instrumentFrom: pick('BTC'), instrumentTo: pick('ETH'), destinationAddress: ADDRESSES.eth, claimedDepositAmount: '0.05' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  return `/order/${encodeURIComponent(orderId)}?destinationAddress=${encodeURIComponent(ADDRESSES.eth)}`;
}

test('/status lists every active network and links the Atom feed, which parses as Atom (en and /ru)', async ({ browser }) => {
  const page = await browser.newPage({ baseURL: webUrl });
  try {
    const instruments = (await (await page.request.get('/api/v2/instruments/public')).json()) as Ref[];
    const active = [...new Set(instruments.filter((i) => i.instrumentType === 'crypto' && i.isActive).map((i) => i.networkTitle))].sort();
    for (const [prefix, heading, working] of [
      ['', 'Networks', 'Working'],
      ['/ru', 'Сети', 'Работают'],
    ] as const) {
      await page.goto(`${prefix}/status`);
      const card = page.getByTestId('status-networks');
      await expect(page.getByTestId('status-networks-table')).toBeVisible();
      await expect(card).toContainText(heading);
      const rows = page.getByTestId('status-network');
      await expect(rows).toHaveCount(active.length);
      expect((await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-network') ?? ''))).sort()).toEqual(active);
      await expect(page.locator('[data-testid="status-network"][data-network="BTC"]')).toContainText(working);
      await expect(page.getByTestId('status-feed-link')).toHaveAttribute('href', '/api/v1/status/incidents.atom');
    }
    const feed = await page.request.get('/api/v1/status/incidents.atom');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = await page.evaluate(
      (xml) => {
        const doc = new DOMParser().parseFromString(xml, 'application/xml');
        const root = doc.documentElement;
        return {
          error: doc.getElementsByTagName('parsererror').length,
          root: root.localName,
          ns: root.namespaceURI,
          id: root.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'id')[0]?.textContent ?? null,
        };
      },
      await feed.text(),
    );
    expect(parsed).toEqual({ error: 0, root: 'feed', ns: ATOM, id: `${webUrl}/api/v1/status/incidents.atom` });
  } finally {
    await page.close();
  }
});

test('an incident on BTC deposits shows on /status and the BTC → ETH order page links to /status until it is resolved', async ({ browser }) => {
  const admin = await browser.newContext({ baseURL: webUrl });
  const headers = { origin: webUrl, accept: 'application/json' };
  const before = await browser.newPage({ baseURL: webUrl });
  // a page of its own after the incident: the browser keeps the networks' answer for its max-age
  const page = await browser.newPage({ baseURL: webUrl });
  try {
    const signedIn = await admin.request.post('/api/v1/users/local/authenticate', {
      headers,
      data: { email: ADMIN.email, password: ADMIN.password, browserFingerprint: '' },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const orderPath = await createBtcEthOrder(page.request);
    await before.goto(orderPath);
    await expect(before.getByTestId('order-state')).toBeVisible();
    await before.waitForLoadState('networkidle');
    await expect(before.getByTestId('order-network-degraded')).toHaveCount(0);

    const title = `BTC deposits paused ${Date.now()}`;
    const opened = await admin.request.post('/api/v1/admin/status/network-incidents', {
      headers,
      data: { networkTitle: 'BTC', scope: 'deposits', state: 'paused', title, body: 'The BTC node is being upgraded.' },
    });
    expect(opened.status(), await opened.text()).toBe(200);
    const { id } = (await opened.json()) as { id: string };

    for (const [prefix, paused, link] of [
      ['', 'Deposits on the BTC network are paused', 'See the service status'],
      ['/ru', 'Зачисления в сети BTC приостановлены', 'Состояние сервиса'],
    ] as const) {
      await page.goto(`${prefix}/status`);
      const btc = page.locator('[data-testid="status-network"][data-network="BTC"]');
      await expect(btc).toHaveAttribute('data-deposits', 'paused');
      await expect(btc).toHaveAttribute('data-payouts', 'working');
      await expect(btc).toContainText(title);

      await page.goto(`${prefix}${orderPath}`);
      const notice = page.getByTestId('order-network-degraded');
      await expect(notice).toContainText(paused);
      const statusLink = page.getByTestId('order-network-status-link');
      await expect(statusLink).toHaveText(link);
      await expect(statusLink).toHaveAttribute('href', `${prefix}/status`);
    }
    await page.getByTestId('order-network-status-link').click();
    await expect(page).toHaveURL(/\/ru\/status$/);
    await expect(page.getByTestId('status-networks-table')).toBeVisible();

    const feed = await (await page.request.get('/api/v1/status/incidents.atom')).text();
    expect(feed).toContain(`/status#network-incident-${id}</id>`);

    const resolved = await admin.request.post('/api/v1/admin/status/network-incidents/update', {
      headers,
      data: { id, state: 'resolved', body: 'All deposits credited.' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);
    // the list is kept a few seconds by the api and the browser (max-age 15): a fresh page after that has no link
    await expect
      .poll(
        async () => {
          const fresh = await browser.newPage({ baseURL: webUrl });
          try {
            await fresh.goto(orderPath);
            await expect(fresh.getByTestId('order-state')).toBeVisible();
            await fresh.waitForLoadState('networkidle');
            return fresh.getByTestId('order-network-degraded').count();
          } finally {
            await fresh.close();
          }
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toBe(0);
  } finally {
    await before.close();
    await page.close();
    await admin.close();
  }
});
