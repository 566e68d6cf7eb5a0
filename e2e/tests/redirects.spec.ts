// §2 redirect lookup, end to end: redirects added with the admin CLI (`pnpm admin redirect add`) are answered by
// web before it renders anything — an internal one inside the site (query kept), an external one off it.
// The CLI writes to the database of an api of this spec's own (PGlite is one process at a time: the CLI runs
// before that api starts), and a web of its own sits in front of it with the stack's remotes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../harness/apps';
import { freePort } from '../harness/stack';
import { expect, test } from '../fixtures';
import { startOwnWeb, stopProcessGroup, waitUntilServing, type WaitOptions } from '../helpers/processes';

let dir = '';
let api: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl = '';
let listed = '';

// this spec's api and web are up once they answer below 500 (within 90 s)
const serving: WaitOptions = { timeoutMs: 90_000, accept: (r) => r.status < 500 };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-redirects-'));
  // the embedded database of this spec's api, whatever the stack runs on
  const { DATABASE_URL: _stackDatabase, ...inherited } = process.env;
  const dbEnv: NodeJS.ProcessEnv = { ...inherited, PGLITE_DIR: path.join(dir, 'pglite'), SANDBOX_MODE: 'true', LOG_LEVEL: 'warn' };
  const admin = (...args: string[]) => {
    const r = spawnSync('pnpm', ['--silent', '--filter', 'api', 'admin', 'redirect', ...args], { cwd: ROOT, env: dbEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pnpm admin redirect ${args.join(' ')}: exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  admin('add', '/old-exchange', '/exchange-btc-eth');
  admin('add', '/ru/old-exchange', '/ru/exchange-eth-btc');
  admin('add', '/partner-docs', 'https://docs.example.org/start');
  listed = admin('list');

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webPort = await freePort();
  webUrl = `http://127.0.0.1:${webPort}`;
  api = spawn('pnpm', ['--filter', 'api', 'start'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
    env: { ...dbEnv, API_PORT: String(apiPort), PUBLIC_ORIGIN: webUrl },
  });
  await waitUntilServing(`${apiUrl}/api/v1/healthz`, api, serving);
  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl, port: webPort, readyPath: '/roadmap', wait: serving }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(api)]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
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
