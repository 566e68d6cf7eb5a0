// Code web runs is code a remote's team signed (issue 24): a second web process of its own, in front of the stack's
// api and remotes, where mfe_blog's server side is a copy of its dist whose server chunk was changed after the build
// signed it. web refuses that code: the first HTML has the shell and the slot's skeleton, the browser renders the
// page from the remote's browser half, and the other remotes are still server-rendered by the same web.
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
let logFile = '';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-signed-remotes-'));
  fs.cpSync(path.join(ROOT, 'mfe-blog/dist'), dir, { recursive: true });
  const serverDir = path.join(dir, 'server');
  expect(fs.existsSync(path.join(serverDir, 'signature.json')), 'the build signed mfe-blog').toBe(true);
  // every server chunk changed after signing (whichever the page needs), the entry left as it was
  for (const file of fs.readdirSync(serverDir).filter((f) => /^\d+\.[0-9a-f]+\.js$/.test(f))) {
    fs.appendFileSync(path.join(serverDir, file), '\n;globalThis.__tamperedByE2e = true;\n');
  }
  const blog = await serveRemoteCopy(dir);
  blogCopy = blog.child;
  logFile = path.join(dir, 'web.log');
  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl: stackInfo().apiUrl, env: { REMOTE_MFE_BLOG_SERVER_URL: blog.url, LOG_LEVEL: 'info' }, logFile }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(blogCopy)]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('/blog whose server code does not verify: the first HTML has the shell and the slot skeleton; the browser renders the page', async ({ page, request }) => {
  const html = await (await request.get(`${webUrl}/blog`)).text();
  expect(html).toContain('data-testid="layout-blog-sidebar"');
  expect(html).not.toContain('data-remote="mfe_blog"');
  // web said why, once
  await expect
    .poll(() => fs.readFileSync(logFile, 'utf8'))
    .toMatch(/ssr: mfe_blog server code refused: server\/\d+\.[0-9a-f]+\.js does not match its signature/);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${webUrl}/blog`);
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the other remotes, whose code verifies, are still server-rendered by the same web', async ({ request }) => {
  const order = await (await request.get(`${webUrl}/order/pending`)).text();
  expect(order).toContain('data-remote="mfe_order"');
  const roadmap = await (await request.get(`${webUrl}/roadmap`)).text();
  expect(roadmap).not.toContain('data-remote="mfe_blog"');
});
