// §2 redirect lookup, end to end: redirects added with the admin CLI (`pnpm admin redirect add`) are answered by
// web before it renders anything — an internal one inside the site (query kept), an external one off it.
// The CLI writes to the database of an api of this spec's own (PGlite is one process at a time: the CLI runs
// before that api starts), and a web of its own sits in front of it with the stack's remotes (harness/ownStack.ts).
import { type OwnStack, startOwnStack } from '../harness/ownStack';
import { expect, test } from '../fixtures';

let stack: OwnStack | undefined;
let webUrl = '';
let listed = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // the embedded database of this spec's api, whatever the harness's stack runs on; the stack's remotes
  stack = await startOwnStack({
    label: 'redirects',
    admin: {
      commands: [
        ['redirect', 'add', '/old-exchange', '/exchange-btc-eth'],
        ['redirect', 'add', '/ru/old-exchange', '/ru/exchange-eth-btc'],
        ['redirect', 'add', '/partner-docs', 'https://docs.example.org/start'],
        ['redirect', 'list'],
      ],
    },
    web: { remotes: 'stack', readyPath: '/roadmap' },
  });
  webUrl = stack.webUrl;
  listed = stack.adminOutput[3];
});

test.afterAll(async () => {
  await stack?.stop();
});

test('the CLI lists what it added', () => {
  expect(listed).toContain('/old-exchange');
  expect(listed).toContain('/partner-docs');
  expect(listed).toContain('https://docs.example.org/start');
});

test('an internal redirect: 301 inside the site, the query kept, and the visitor lands on the page', async ({ page, request }) => {
  const res = await request.get(`${webUrl}/old-exchange?amount=2`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/exchange-btc-eth?amount=2');
  const ru = await request.get(`${webUrl}/ru/old-exchange`, { maxRedirects: 0 });
  expect(ru.headers().location).toBe('/ru/exchange-eth-btc');

  await page.goto(`${webUrl}/old-exchange`);
  await expect(page).toHaveURL(`${webUrl}/exchange-btc-eth`);
  await expect(page.getByTestId('page-title').first()).toBeVisible();
});

test('an external redirect leaves the site', async ({ request }) => {
  const res = await request.get(`${webUrl}/partner-docs`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('https://docs.example.org/start');
});

test('a path with no redirect is the page (or its 404) as usual', async ({ request }) => {
  expect((await request.get(`${webUrl}/roadmap`, { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get(`${webUrl}/old-exchange-2`, { maxRedirects: 0 })).status()).toBe(404);
});
