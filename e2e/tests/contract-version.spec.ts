// DESIGN.md Module Federation rule 8: a remote built against another major of shared-contracts is refused by
// the shell: its slot shows the fallback and a notification, and the rest of the site keeps working.
// The "remote built with a bumped major" is a copy of mfe-blog's production dist whose `./pages` records
// contract <major+1>.0.0, served by its own static server; only this file's pages are pointed at it (their
// /remotes.json is rewritten in the browser), so the shared stack is left as it was.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from '../harness/apps';
import { freePort } from '../harness/stack';
import { CYRILLIC, expect, test } from '../fixtures';

interface Manifest {
  exposes: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

let dir = '';
let server: ChildProcess | undefined;
let bumpedUrl = '';
let bumpedVersion = '';

// The contract-mismatch notification's own text (shell/src/i18n/resources.ts, `fallback.contract_mismatch`), not the
// generic "Part of the site could not be loaded" a remote that is down gets (contained: the notification also holds its × button).
const MISMATCH_NOTICE = {
  en: 'This part of the site is being updated. Please reload the page in a minute.',
  ru: 'Этот раздел сайта обновляется. Перезагрузите страницу через минуту.',
};

/** Rewrites the version the `./pages` chunk recorded (`contractVersion`, a literal the webpack factory wrote in). */
function bumpRecordedMajor(distDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const pages = manifest.exposes.find((e) => e.path === './pages');
  if (!pages) throw new Error('mfe-blog exposes no ./pages');
  // minified as `"contractVersion",0,"1.0.0"` (webpack's export table) or `contractVersion:()=>"1.0.0"`
  const recorded = /(contractVersion[",:\s\d()=>]{0,16}")(\d+)(\.\d+\.\d+")/;
  for (const asset of [...pages.assets.js.sync, ...pages.assets.js.async]) {
    const file = path.join(distDir, asset);
    const code = fs.readFileSync(file, 'utf8');
    const m = recorded.exec(code);
    if (!m) continue;
    const next = `${Number(m[2]) + 1}`;
    fs.writeFileSync(file, code.replace(recorded, `$1${next}$3`));
    return `${next}${m[3].slice(0, -1)}`;
  }
  throw new Error(`no recorded contractVersion in mfe-blog's ./pages chunks (${pages.assets.js.sync.join(', ')})`);
}

async function waitUntilServing(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the bumped mfe-blog server exited (${server?.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** This page's shell registers mfe_blog from the bumped copy; every other remote stays the stack's own. */
async function useBumpedBlog(page: Page): Promise<string[]> {
  const fetched: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${bumpedUrl}/`) && r.ok()) fetched.push(r.url());
  });
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const map = (await response.json()) as Record<string, string>;
    await route.fulfill({ response, json: { ...map, mfe_blog: `${bumpedUrl}/mf-manifest.json` } });
  });
  return fetched;
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-contract-'));
  fs.cpSync(path.join(ROOT, 'mfe-blog/dist'), dir, { recursive: true });
  bumpedVersion = bumpRecordedMajor(dir);
  const port = await freePort();
  bumpedUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['tooling/static-server.mjs', dir, String(port)], { cwd: ROOT, stdio: 'ignore' });
  await waitUntilServing(`${bumpedUrl}/mf-manifest.json`);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('/blog from a remote built against the next contract major shows the fallback and a notification', async ({ page }) => {
  const fetched = await useBumpedBlog(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/blog');
  const layout = page.getByTestId('layout-blog-sidebar');
  await expect(layout).toBeVisible();
  await expect(layout.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-remote="mfe_blog"][data-fallback="true"]')).toBeVisible();
  await expect(page.getByTestId('notification').first()).toContainText(MISMATCH_NOTICE.en);
  await expect(layout.getByTestId('page-title')).toHaveCount(0);
  // refused for its contract, not because it could not be loaded: its pages chunk came from the bumped copy
  expect(fetched.some((u) => u.includes('__federation_expose_pages'))).toBe(true);
  expect(errors.some((e) => e.includes(`mfe_blog was built against contract ${bumpedVersion}`))).toBe(true);
});

test('/ru/blog: the fallback and the notification are in Russian', async ({ page }) => {
  await useBumpedBlog(page);
  await page.goto('/ru/blog');
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('remote-fallback')).toHaveText(CYRILLIC);
  await expect(page.getByTestId('notification').first()).toHaveText(CYRILLIC);
  await expect(page.getByTestId('notification').first()).toContainText(MISMATCH_NOTICE.ru);
});

test('the rest of the site keeps working next to the refused remote', async ({ page }) => {
  await useBumpedBlog(page);
  await page.goto('/');
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

  const go = (to: string) =>
    page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, to);
  await go('/blog');
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await go('/docs');
  await expect(page.getByTestId('page-title').first()).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  await go('/');
  await expect(page.getByTestId('live-rate').first()).toHaveText(/\d/);
});

test('the stack itself still serves a blog that runs (nothing of the shared stack was changed)', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});
