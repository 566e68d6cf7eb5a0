// DESIGN.md Module Federation rule 8: a remote built against another major of shared-contracts is refused by
// the shell: its slot shows the fallback and a notification, and the rest of the site keeps working.
// The real deployment: mfe-blog redeployed with contract <major+1>.0.0, seen by web (server render) and the
// browser alike. The remote is a copy of mfe-blog's production dist whose `./pages` records the bumped major in
// the browser chunks AND the server chunks (`server/`), served by its own static server; a web process of this
// file's own is configured with it as mfe_blog and with the stack's api and other remotes, so the shared stack is
// left as it was. web refuses it on the server (the slot is the skeleton in the first HTML), the browser refuses
// it before hydrating (fallback + notification).
import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../harness/apps';
import { stackInfo } from '../harness/client';
import { CYRILLIC, expect, test } from '../fixtures';
import { serveRemoteCopy, startOwnWeb, stopProcessGroup } from '../helpers/processes';

interface Manifest {
  exposes?: { path: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

interface Bump {
  from: string;
  to: string;
  /** the rewritten files, relative to the dist */
  files: string[];
}

let tmp = '';
let dir = '';
let blogCopy: ChildProcess | undefined;
let web: ChildProcess | undefined;
let webUrl = '';
let bumpedUrl = '';
let webLog = '';
let browserBump: Bump;
let serverBump: Bump;

// The contract-mismatch notification's own text (shell/src/i18n/resources.ts, `fallback.contract_mismatch`), not the
// generic "Part of the site could not be loaded" a remote that is down gets (contained: the notification also holds its × button).
const MISMATCH_NOTICE = {
  en: 'This part of the site is being updated. Please reload the page in a minute.',
  ru: 'Этот раздел сайта обновляется. Перезагрузите страницу через минуту.',
};

// The literal the webpack factory writes into `./pages`: minified in the browser build as
// `"contractVersion",0,"1.2.0"` (webpack's export table) or `contractVersion:()=>"1.2.0"`; the server build is not
// minified: `const contractVersion =  true ? "1.2.0" : 0;` (or `contractVersion = "1.2.0"`).
const RECORDED = /(contractVersion(?:",\d+,"|\s*:\s*\(\)\s*=>\s*"|\s*=\s*(?:true\s*\?\s*)?"))(\d+)(\.\d+\.\d+)"/g;
// A larger bundle can make the minifier hoist the literal into a variable: `contractVersion:()=>tr` … `tr="1.2.0"`.
const RECORDED_BY_NAME = /contractVersion\s*:\s*\(\)\s*=>\s*([A-Za-z_$][\w$]*)\s*[,}]/g;
const escapeRegExp = (text: string) => text.replace(/[$]/g, '\\$&');

/** The pattern of the literal the export names in `code` (RECORDED, plus `<name>="x.y.z"` for a hoisted one). */
function recordedIn(code: string): RegExp[] {
  const names = [...code.matchAll(RECORDED_BY_NAME)].map((m) => m[1]);
  return [RECORDED, ...names.map((name) => new RegExp(`((?:^|[^\\w$])${escapeRegExp(name)}=")(\\d+)(\\.\\d+\\.\\d+)"`, 'g'))];
}

/**
 * Bumps the major of every recorded `contractVersion` in `files` (relative to `distDir`). The build's compressed
 * siblings (`.br`, `.gz`: the static server prefers them to the plain file) are written again from the new text,
 * or the bumped chunk would only reach a client that accepts neither.
 */
function bumpRecordedMajor(distDir: string, files: string[], what: string): Bump {
  const bump: Bump = { from: '', to: '', files: [] };
  for (const rel of files) {
    const file = path.join(distDir, rel);
    const code = fs.readFileSync(file, 'utf8');
    let next = code;
    for (const pattern of recordedIn(code)) {
      next = next.replace(pattern, (_all, head: string, major: string, rest: string) => {
        const from = `${major}${rest}`;
        const to = `${Number(major) + 1}${rest}`;
        if (bump.from && bump.from !== from) throw new Error(`${what}: two recorded contract versions (${bump.from}, ${from})`);
        bump.from = from;
        bump.to = to;
        return `${head}${to}"`;
      });
    }
    if (next === code) continue;
    fs.writeFileSync(file, next);
    if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(next));
    if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(next));
    bump.files.push(rel);
  }
  if (bump.files.length === 0) throw new Error(`no recorded contractVersion in mfe-blog's ${what} (${files.join(', ')})`);
  return bump;
}

/** The chunks of a build's `./pages` from its mf-manifest.json (`prefix`: where the build sits in the dist). */
function pagesChunks(distDir: string, prefix: string): string[] | undefined {
  const file = path.join(distDir, prefix, 'mf-manifest.json');
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const pages = manifest.exposes?.find((e) => e.path === './pages');
  if (!pages) throw new Error(`mfe-blog's ${prefix || '.'}/mf-manifest.json exposes no ./pages`);
  return [...pages.assets.js.sync, ...pages.assets.js.async].map((asset) => path.join(prefix, asset));
}

/** The server build's `./pages` chunks: from server/mf-manifest.json, else every server/*.js (the literal only sits in ./pages). */
function serverPagesChunks(distDir: string): string[] {
  return (
    pagesChunks(distDir, 'server') ??
    fs
      .readdirSync(path.join(distDir, 'server'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join('server', f))
  );
}

/** What a client that accepts br/gzip (every browser, web's fetch) gets for `rel` from the bumped copy. */
async function served(rel: string): Promise<string> {
  const res = await fetch(`${bumpedUrl}/${rel.split(path.sep).join('/')}`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
  return res.text();
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const stack = stackInfo();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-contract-'));
  dir = path.join(tmp, 'mfe-blog/dist');
  fs.cpSync(path.join(ROOT, 'mfe-blog/dist'), dir, { recursive: true });
  const browserChunks = pagesChunks(dir, '');
  if (!browserChunks) throw new Error("mfe-blog's dist has no mf-manifest.json");
  browserBump = bumpRecordedMajor(dir, browserChunks, 'browser ./pages chunks');
  serverBump = bumpRecordedMajor(dir, serverPagesChunks(dir), 'server ./pages chunks (server/)');
  expect(serverBump.to).toBe(browserBump.to);
  // Its team signs the new build as a release would (the stack's web trusts the workspace's dev key): web then runs
  // its server code and refuses it for its contract, not for a signature that no longer matches.
  execFileSync(process.execPath, [path.join(ROOT, 'tooling/sign/sign.mjs'), 'sign', path.join(tmp, 'mfe-blog')], { stdio: 'pipe' });

  ({ url: bumpedUrl, child: blogCopy } = await serveRemoteCopy(dir));
  // the copy really serves the bumped major (compressed or not) to the browser and to web
  for (const rel of [...browserBump.files, ...serverBump.files]) {
    expect(await served(rel), rel).toContain(`"${browserBump.to}"`);
  }

  webLog = path.join(stack.logDir, 'contract-version-web.log');
  ({ url: webUrl, child: web } = await startOwnWeb({ apiUrl: stack.apiUrl, remotes: { mfe_blog: bumpedUrl }, logFile: webLog }));
});

test.afterAll(async () => {
  await Promise.all([stopProcessGroup(web), stopProcessGroup(blogCopy)]);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('/blog from a remote deployed with the next contract major shows the fallback and a notification', async ({ page, request }) => {
  // refused on the server too: the first HTML has the shell and the slot's skeleton, no mfe_blog page markup
  const html = await (await request.get(`${webUrl}/blog`)).text();
  expect(html).toContain('data-testid="layout-blog-sidebar"');
  expect(html).not.toContain('data-remote="mfe_blog"');
  // for its contract (web loaded the bumped server bundle and said so), not because it could not be loaded
  await expect.poll(() => fs.readFileSync(webLog, 'utf8')).toContain(`mfe_blog was built against contract ${serverBump.to}; the shell runs ${serverBump.from}`);

  const fetched: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${bumpedUrl}/`) && r.ok()) fetched.push(r.url());
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${webUrl}/blog`);
  const layout = page.getByTestId('layout-blog-sidebar');
  await expect(layout).toBeVisible();
  await expect(layout.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-remote="mfe_blog"][data-fallback="true"]')).toBeVisible();
  await expect(page.getByTestId('notification').first()).toContainText(MISMATCH_NOTICE.en);
  await expect(layout.getByTestId('page-title')).toHaveCount(0);
  // refused for its contract, not because it could not be loaded: its pages chunk came from the bumped copy
  expect(fetched.some((u) => u.includes('__federation_expose_pages'))).toBe(true);
  expect(errors.some((e) => e.includes(`mfe_blog was built against contract ${browserBump.to}; the shell runs ${browserBump.from}`))).toBe(true);
});

test('/ru/blog: the fallback and the notification are in Russian', async ({ page, request }) => {
  const html = await (await request.get(`${webUrl}/ru/blog`)).text();
  expect(html).not.toContain('data-remote="mfe_blog"');

  await page.goto(`${webUrl}/ru/blog`);
  await expect(page.getByTestId('remote-fallback')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('remote-fallback')).toHaveText(CYRILLIC);
  await expect(page.getByTestId('notification').first()).toHaveText(CYRILLIC);
  await expect(page.getByTestId('notification').first()).toContainText(MISMATCH_NOTICE.ru);
});

test('the rest of the site keeps working next to the refused remote', async ({ page }) => {
  await page.goto(`${webUrl}/`);
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

  // a fresh load of another remote's page from the same web: server-rendered and running
  await page.goto(`${webUrl}/docs`);
  await expect(page.getByTestId('page-title').first()).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});

test('the stack itself still serves a blog that runs (nothing of the shared stack was changed)', async ({ page, request }) => {
  const html = await (await request.get('/blog')).text();
  expect(html).toContain('data-remote="mfe_blog"');
  await page.goto('/blog');
  await expect(page.getByTestId('layout-blog-sidebar').getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
});
