// Independent delivery on the server (issue 9): a remote whose server bundle is missing costs only its own first
// HTML — web sends the shell with that slot's skeleton and the browser renders the page; every other page is still
// server-rendered. A second web process of its own, in front of the stack's api and remotes, where mfe_blog's
// server side is a copy of its dist without `server/`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../harness/apps';
import { freePort } from '../harness/stack';
import { stackInfo } from '../harness/client';
import { expect, test } from '../fixtures';

let dir = '';
let blogCopy: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl = '';

async function waitUntilServing(url: string, child: ChildProcess | undefined): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child?.exitCode !== null) throw new Error(`${url}: the process exited (${child?.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const stack = stackInfo();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-ssr-missing-'));
  fs.cpSync(path.join(ROOT, 'mfe-blog/dist'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'server'), { recursive: true, force: true });
  const blogPort = await freePort();
  const blogUrl = `http://127.0.0.1:${blogPort}`;
  blogCopy = spawn(process.execPath, ['tooling/static-server.mjs', dir, String(blogPort)], { cwd: ROOT, stdio: 'ignore', detached: true });
  await waitUntilServing(`${blogUrl}/mf-manifest.json`, blogCopy);

  const webPort = await freePort();
  webUrl = `http://127.0.0.1:${webPort}`;
  const remotes = Object.fromEntries(Object.entries(stack.remotes).map(([name, url]) => [`REMOTE_${name.toUpperCase()}_URL`, url]));
  web = spawn('pnpm', ['--filter', 'shell', 'serve'], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, ...remotes, REMOTE_MFE_BLOG_SERVER_URL: blogUrl, WEB_PORT: String(webPort), API_URL: stack.apiUrl, PUBLIC_ORIGIN: webUrl },
  });
  await waitUntilServing(`${webUrl}/`, web);
});

test.afterAll(async () => {
  await Promise.all([stop(web), stop(blogCopy)]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('/blog without its server bundle: the first HTML has the shell and the slot skeleton; the browser renders the page', async ({ page, request }) => {
  const html = await (await request.get(`${webUrl}/blog`)).text();
  expect(html).toContain('data-testid="layout-blog-sidebar"');
  expect(html).not.toContain('data-remote="mfe_blog"');

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${webUrl}/blog`);
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the other remotes are still server-rendered by the same web', async ({ request }) => {
  const html = await (await request.get(`${webUrl}/roadmap`)).text();
  // roadmap belongs to mfe_blog too: skeleton; the order page is mfe_order's and is rendered
  expect(html).not.toContain('data-remote="mfe_blog"');
  const order = await (await request.get(`${webUrl}/order/pending`)).text();
  expect(order).toContain('data-remote="mfe_order"');
});
