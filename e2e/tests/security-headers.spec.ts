// Issue 24: every page kind runs under web's Content-Security-Policy (scripts by the response's nonce and
// 'strict-dynamic', nothing from a third party) with no violation and no page error, en and /ru, the profile
// signed in; a page framed by another site is refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { gotoLive } from '../fixtures';
import { expect, type Seed, signInContext, test } from '../helpers/seed';

interface Visit {
  name: string;
  path: string;
  ready?: (page: Page) => Promise<void>;
}

const liveRate = async (page: Page) => {
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
};

function guestPages(seed: Seed): Visit[] {
  return [
    { name: 'home', path: '/', ready: liveRate },
    { name: 'pair page', path: '/exchange-btc-eth', ready: liveRate },
    { name: 'popular exchanges', path: '/popular-exchanges' },
    {
      name: 'order waiting for its deposit',
      path: seed.waitingOrder.path,
      ready: async (page) => {
        await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      },
    },
    { name: 'order pending', path: '/order/pending' },
    { name: 'blog', path: '/blog', ready: (page) => expect(page.getByTestId('blog-post-card').first()).toBeVisible() },
    { name: 'blog post', path: '/blog/guides/fixed-vs-floating-rate', ready: (page) => expect(page.getByTestId('blog-post-body')).toBeVisible() },
    { name: 'roadmap', path: '/roadmap', ready: (page) => expect(page.getByTestId('roadmap-group-done')).toBeVisible() },
    { name: 'support', path: '/support' },
    { name: 'status', path: '/status' },
    { name: 'terms of use', path: '/terms' },
    { name: 'privacy policy', path: '/privacy' },
    { name: 'AML/KYC policy', path: '/aml-kyc' },
    { name: 'docs', path: '/docs' },
    { name: 'docs article', path: '/docs/getting-started' },
    {
      name: 'API explorer (Redoc)',
      path: '/docs/api-reference',
      ready: async (page) => {
        await expect(page.getByTestId('api-reference')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
        // Redoc shows one tag per page: the partner tag, with its operations drawn
        const redoc = page.getByTestId('redoc');
        await redoc.getByRole('link', { name: 'partner', exact: true }).click();
        await expect(redoc.locator('main').getByText('/api/partner/v1/orders').first()).toBeAttached({ timeout: 30_000 });
        // Redoc's own logo comes from the site (the docs remote's files, here on the harness's host), not from its CDN
        const sources = await redoc.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
        expect(sources.length).toBeGreaterThan(0);
        for (const src of sources) expect(new URL(src).hostname).toBe(new URL(page.url()).hostname);
      },
    },
    { name: '404', path: '/no/such/page', ready: (page) => expect(page.getByTestId('not-found').first()).toBeVisible() },
  ];
}

const ACCOUNT_PAGES: Visit[] = [
  { name: 'profile info', path: '/profile/info', ready: (page) => expect(page.getByTestId('profile-email')).toBeVisible() },
  { name: 'profile history', path: '/profile/history', ready: (page) => expect(page.getByTestId('history-row').first()).toBeVisible() },
  { name: 'profile wallet', path: '/profile/wallet' },
  { name: 'profile withdraw', path: '/profile/withdraw' },
  { name: 'profile affiliate programme', path: '/profile/affiliate-program' },
  { name: 'profile cashback', path: '/profile/cashback' },
  { name: 'profile API keys', path: '/profile/keys' },
  { name: 'profile verification', path: '/profile/verification' },
];

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects the policy's violations (the DOM event and Chromium's console report) and page errors, page by page. */
async function watchPolicy(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function visit(page: Page, prefix: string, v: Visit, problems: string[]): Promise<void> {
  const path = `${prefix}${v.path === '/' && prefix ? '' : v.path}`;
  await test.step(`${v.name} (${path})`, async () => {
    const res = await page.goto(path);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp, `${path}: the policy`).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    await v.ready?.(page);
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(() => window.__cspViolations ?? []);
    expect([...violations, ...problems], `after ${path}`).toEqual([]);
  });
}

for (const locale of [
  { code: 'en', prefix: '' },
  { code: 'ru', prefix: '/ru' },
]) {
  test(`[${locale.code}] every page kind hydrates under the CSP with no violation and no page error, the profile signed in`, async ({
    page,
    context,
    seed,
  }) => {
    test.setTimeout(300_000);
    const problems = await watchPolicy(page);
    for (const v of guestPages(seed)) await visit(page, locale.prefix, v, problems);
    await signInContext(context, seed.account);
    for (const v of ACCOUNT_PAGES) await visit(page, locale.prefix, v, problems);
  });
}

test('a page framed by another site is refused (frame-ancestors), and the refusal is the policy’s', async ({ page, stack }) => {
  // another origin: a page of this test's own server, framing the API keys page
  const framing = http.createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>elsewhere</title><iframe id="victim" src="${stack.webUrl}/profile/keys" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
  try {
    const port = (framing.address() as AddressInfo).port;
    // `localhost` is another origin than the harness's 127.0.0.1 site
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    const framed = page.waitForResponse((r) => r.url().startsWith(`${stack.webUrl}/profile/keys`));
    await page.mainFrame().goto(`http://localhost:${port}/`);
    const response = await framed;
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-frame-options']).toBe('DENY');
    await refused;
    // the frame shows nothing of the site
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator('[data-testid="page-title"], header').count()).toBe(0);
  } finally {
    framing.closeAllConnections();
    await new Promise((resolve) => framing.close(resolve));
  }
});

test('a page’s first answer says nosniff, the referrer policy and the camera for the site only', async ({ page }) => {
  const res = await gotoLive(page, '/');
  const h = res?.headers() ?? {};
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['permissions-policy']).toContain('camera=(self)');
  expect(h['permissions-policy']).toContain('microphone=()');
});

test('under the policy WebAssembly compiles (the QR reader’s zxing-wasm) and JavaScript eval does not', async ({ page }) => {
  await gotoLive(page, '/exchange-btc-eth');
  const outcome = await page.evaluate(async () => {
    // the smallest module: the magic number and version
    const wasm = await WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])).then(
      () => 'compiled',
      (e: Error) => e.name,
    );
    let js = 'ran';
    try {
      // biome-ignore lint/security/noGlobalEval: the point of the test: the policy refuses eval
      (0, eval)('1');
    } catch (e) {
      js = (e as Error).name;
    }
    return { wasm, js };
  });
  expect(outcome).toEqual({ wasm: 'compiled', js: 'EvalError' });
});
