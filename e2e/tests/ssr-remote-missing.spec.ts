// Independent delivery on the server (issue 9): a remote whose server bundle is missing costs only its own first
// HTML — web sends the shell with that slot's skeleton and the browser renders the page; every other page is still
// server-rendered. A second web process of its own, in front of the stack's api and remotes, where mfe_blog's
// server side is a copy of its dist without `server/`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../harness/apps';
import { stackInfo } from '../harness/client';
import { expect, test } from '../fixtures';
import { serveRemoteCopy, startOwnWeb, stopProcessGroup } from '../helpers/processes';

let dir = '';
let blogCopy: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-ssr-missing-'));
  fs.cpSync(path.join(ROOT, 'mfe-blog/dist'), dir, { recursive: true });
  fs.rmSync(path.join(dir, 'server'), { recursive: true, force: true });
  const blog = await serveRemoteCopy(dir);
  blogCopy = blog.child;

  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl: stackInfo().apiUrl, env: { REMOTE_MFE_BLOG_SERVER_URL: blog.url } }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(blogCopy)]);
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
