// Home first-load JavaScript: every JS response of a cold load of `/` until network idle, split by chunk. Each
// chunk is named from the federation manifests of the builds (mf-manifest.json: which shared package or exposed
// module a file is), else from content markers that survive minification; gzip-sized with zlib, and with the
// encoded body size the browser actually received (drops once web serves brotli/gzip). DESIGN.md budgets.
// The site's own font files (issue 25) are first-load bytes too, though not JavaScript: listed on their own line,
// outside the JS budget, and added in the first-load total.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { REMOTES } from 'shared-contracts/remotes';
import { CHROMIUM_ARGS, chromiumExecutable } from 'e2e/harness/chromium';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const BUDGET_KB = 150;

/** Content markers that survive minification; the packages a chunk carries (its bucket when no manifest names it). */
const CONTENT_MARKERS: Array<[label: string, test: (s: string) => boolean]> = [
  ['MF runtime', (s) => s.includes('__FEDERATION__')],
  ['react-dom', (s) => s.includes('__reactFiber$') || s.includes('__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=')],
  ['react', (s) => s.includes('isReactComponent={}') || s.includes('Symbol.for("react.transitional.element")')],
  ['mobx', (s) => s.includes('__mobxInstanceCount')],
  ['mobx-react-lite', (s) => s.includes('[mobx-react-lite]')],
  ['react-i18next', (s) => s.includes('react-i18next::')],
  ['i18next', (s) => s.includes('"i18next/PATH_KEY"') || s.includes('"i18next:"')],
  // not shared singletons, but libraries worth seeing in the split
  ['react-router', (s) => s.includes('__reactRouter')],
  ['zod', (s) => s.includes('$ZodType')],
  ['ky', (s) => s.includes('TimeoutError') && s.includes('HTTPError')],
];
const LIBS = new Set(['react-router', 'zod', 'ky']);
const SINGLETONS = ['react-dom', 'react', 'mobx', 'mobx-react-lite', 'i18next', 'react-i18next', 'shared-contracts'];

interface Chunk {
  url: string;
  /** 'shell' or a remote's package folder (mfe-exchange), whichever build the file belongs to; else its origin */
  owner: string;
  /** what the build's manifest says the file is, e.g. "shared react-dom/client", "expose ./pages", "remoteEntry" */
  role: string;
  rawBytes: number;
  gzipBytes: number;
  /** encoded body size as received (Content-Encoding applied), from the browser's network stack */
  transferredBytes: number;
  encoding: string;
  /** every package marker found in it */
  carries: string[];
  /** summary bucket */
  bucket: string;
}

/** A font file of the first load (woff2 is compressed inside: its bytes are what is sent, gzip gains nothing). */
interface FontFile {
  url: string;
  rawBytes: number;
  transferredBytes: number;
}

export interface PageWeight {
  chunks: Chunk[];
  buckets: Array<{ bucket: string; files: number; rawKb: number; gzipKb: number; transferredKb: number }>;
  totalGzipKb: number;
  totalTransferredKb: number;
  fonts: FontFile[];
  /** the font files' bytes */
  fontKb: number;
  /** JavaScript (gzip) and fonts: every first-load byte of code and type */
  totalFirstLoadKb: number;
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string } };
  shared?: Array<{ name: string; assets: { js: { sync: string[]; async: string[] } } }>;
  exposes?: Array<{ name: string; path?: string; assets: { js: { sync: string[]; async: string[] } } }>;
}

/** `${owner}:${file name}` → role, from every build's mf-manifest.json on disk (the files the stack serves). */
function manifestRoles(): Map<string, string> {
  const roles = new Map<string, string>();
  for (const owner of ['shell', ...REMOTES.map((r) => r.dir)]) {
    const file = path.join(ROOT, owner, 'dist', 'mf-manifest.json');
    if (!fs.existsSync(file)) continue;
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    const put = (asset: string, role: string) => {
      const key = `${owner}:${path.basename(asset)}`;
      if (!roles.has(key)) roles.set(key, role);
    };
    for (const s of m.shared ?? []) for (const a of s.assets.js.sync) put(a, `shared ${s.name}`);
    for (const e of m.exposes ?? []) {
      for (const a of e.assets.js.sync) put(a, `expose ${e.path ?? e.name}`);
      for (const a of e.assets.js.async) put(a, `expose ${e.path ?? e.name} (lazy)`);
    }
    if (m.metaData?.remoteEntry?.name) put(m.metaData.remoteEntry.name, 'remoteEntry');
  }
  return roles;
}

export async function measureHomeJs(opts: { webUrl: string; remotes: Record<string, string>; path?: string }): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  type Loaded = { url: string; body: Buffer; transferred: number; encoding: string };
  const bodies: Array<Promise<Loaded | undefined>> = [];
  const fontBodies: Array<Promise<Loaded | undefined>> = [];
  let loaded: Loaded[] = [];
  let loadedFonts: Loaded[] = [];
  try {
    const context = await browser.newContext(); // cold cache
    const page = await context.newPage();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const ctype = res.headers()['content-type'] ?? '';
      if (!res.ok()) return;
      const isFont = type === 'font' || /^font\//.test(ctype) || /\.woff2?(\?|$)/.test(res.url());
      if (!isFont && !(type === 'script' || /javascript/.test(ctype) || /\.m?js(\?|$)/.test(res.url()))) return;
      const encoding = res.headers()['content-encoding'] ?? 'none';
      (isFont ? fontBodies : bodies).push(
        Promise.all([res.body(), res.request().sizes()]).then(
          ([body, sizes]) => ({ url: res.url(), body, transferred: sizes.responseBodySize, encoding }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${opts.webUrl}${opts.path ?? '/'}`, { waitUntil: 'networkidle', timeout: 60_000 });
    // The live rate proves the page finished booting (and its lazily loaded chunks are in).
    await page
      .getByTestId('live-rate')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => console.warn('  (warning: live-rate never appeared on the page)'));
    await page.waitForLoadState('networkidle');
    // bodies are read before the browser goes away
    loaded = (await Promise.all(bodies)).filter((b): b is Loaded => !!b);
    loadedFonts = (await Promise.all(fontBodies)).filter((b): b is Loaded => !!b);
  } finally {
    await browser.close();
  }

  const roles = manifestRoles();
  const webOrigin = new URL(opts.webUrl).origin;
  const dirByName = new Map(REMOTES.map((r) => [r.name as string, r.dir]));
  const remoteByOrigin = new Map(Object.entries(opts.remotes).map(([name, url]) => [new URL(url).origin, dirByName.get(name) ?? name]));
  const ownerOf = (u: URL): string => {
    if (u.origin === webOrigin) {
      const m = /^\/remotes\/([^/]+)\//.exec(u.pathname);
      return m ? m[1] : 'shell';
    }
    return remoteByOrigin.get(u.origin) ?? u.origin;
  };
  const seen = new Set<string>();
  const chunks: Chunk[] = [];
  for (const { url, body, transferred, encoding } of loaded) {
    if (seen.has(url)) continue;
    seen.add(url);
    const text = body.toString('utf8');
    const carries = CONTENT_MARKERS.filter(([, t]) => t(text)).map(([label]) => label);
    const u = new URL(url);
    const owner = ownerOf(u);
    const file = path.basename(u.pathname);
    const role = roles.get(`${owner}:${file}`) ?? (owner === 'shell' && /^main\./.test(file) ? 'entry main' : 'chunk');
    const shared = /^shared (.+)$/.exec(role)?.[1];
    // react-dom/client and react/jsx-runtime are parts of their package
    const sharedPkg = shared && (SINGLETONS.find((p) => shared === p || shared.startsWith(`${p}/`)) ?? shared);
    let bucket: string;
    if (sharedPkg) bucket = `shared: ${sharedPkg}`;
    else if (role === 'remoteEntry') bucket = 'MF runtime (remoteEntry)';
    else if (role === 'entry main') bucket = carries.includes('MF runtime') ? 'shell entry (+MF runtime)' : 'shell entry';
    else if (carries[0] && SINGLETONS.includes(carries[0])) bucket = `shared: ${carries[0]}`;
    else if (carries[0] && LIBS.has(carries[0])) bucket = `lib: ${carries[0]}`;
    else if (carries[0] === 'MF runtime') bucket = 'MF runtime';
    else bucket = owner === 'shell' ? 'shell' : `remote: ${owner}`;
    chunks.push({
      url,
      owner,
      role,
      rawBytes: body.length,
      gzipBytes: gzipSync(body).length,
      transferredBytes: transferred,
      encoding,
      carries,
      bucket,
    });
  }

  const byBucket = new Map<string, { files: number; raw: number; gz: number; tx: number }>();
  for (const c of chunks) {
    const b = byBucket.get(c.bucket) ?? { files: 0, raw: 0, gz: 0, tx: 0 };
    b.files += 1;
    b.raw += c.rawBytes;
    b.gz += c.gzipBytes;
    b.tx += c.transferredBytes;
    byBucket.set(c.bucket, b);
  }
  const rank = ['shell entry', 'shell', 'MF runtime', 'remote: mfe-exchange', 'remote:', 'shared:', 'lib:'];
  const order = (b: string) => {
    const i = rank.findIndex((r) => b.startsWith(r));
    return i < 0 ? rank.length : i;
  };
  const buckets = [...byBucket.entries()]
    .sort((a, b) => order(a[0]) - order(b[0]) || b[1].gz - a[1].gz)
    .map(([bucket, v]) => ({ bucket, files: v.files, rawKb: v.raw / 1024, gzipKb: v.gz / 1024, transferredKb: v.tx / 1024 }));
  const totalGzipKb = chunks.reduce((s, c) => s + c.gzipBytes, 0) / 1024;
  const totalTransferredKb = chunks.reduce((s, c) => s + c.transferredBytes, 0) / 1024;
  const fonts = [...new Map(loadedFonts.map((f) => [f.url, { url: f.url, rawBytes: f.body.length, transferredBytes: f.transferred }])).values()];
  const fontKb = fonts.reduce((s, f) => s + f.rawBytes, 0) / 1024;
  return { chunks, buckets, totalGzipKb, totalTransferredKb, fonts, fontKb, totalFirstLoadKb: totalGzipKb + fontKb };
}

export function printPageWeight(w: PageWeight, webUrl: string): void {
  const shortUrl = (url: string) => {
    const u = new URL(url);
    return u.origin === new URL(webUrl).origin ? u.pathname : `${u.port ? `:${u.port}` : u.host}${u.pathname}`;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
  console.log('\n  chunks, largest first (gzip: zlib default level; sent: encoded body the browser received)');
  console.log(`    ${'gzip KB'.padStart(7)} ${'sent KB'.padStart(7)} ${'raw KB'.padStart(7)}  ${'part'.padEnd(28)} ${'build'.padEnd(13)} file`);
  const encodings = new Set<string>();
  for (const c of [...w.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    encodings.add(c.encoding);
    const extra = [c.role !== 'chunk' && !c.role.startsWith('shared') ? c.role : '', c.carries.length > 1 ? `carries ${c.carries.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    console.log(
      `    ${kb(c.gzipBytes)}  ${kb(c.transferredBytes)}  ${kb(c.rawBytes)}  ${c.bucket.padEnd(28)} ${c.owner.padEnd(13)} ${shortUrl(c.url)}${extra ? `  [${extra}]` : ''}`,
    );
  }
  console.log('\n  | part                         | files |  raw KB | gzip KB | sent KB |');
  console.log('  |------------------------------|------:|--------:|--------:|--------:|');
  const row = (name: string, files: number, raw: number, gz: number, tx: number) =>
    console.log(
      `  | ${name.padEnd(28)} | ${String(files).padStart(5)} | ${raw.toFixed(1).padStart(7)} | ${gz.toFixed(1).padStart(7)} | ${tx.toFixed(1).padStart(7)} |`,
    );
  for (const b of w.buckets) row(b.bucket, b.files, b.rawKb, b.gzipKb, b.transferredKb);
  const sum = (bs: PageWeight['buckets']) =>
    [
      bs.reduce((s, b) => s + b.files, 0),
      bs.reduce((s, b) => s + b.rawKb, 0),
      bs.reduce((s, b) => s + b.gzipKb, 0),
      bs.reduce((s, b) => s + b.transferredKb, 0),
    ] as const;
  row('(shared singletons)', ...sum(w.buckets.filter((b) => b.bucket.startsWith('shared:'))));
  row('TOTAL JavaScript', ...sum(w.buckets));
  const fontSent = w.fonts.reduce((s, f) => s + f.transferredBytes, 0) / 1024;
  // woff2 is compressed inside: its gzip column is its bytes
  row('fonts (woff2, not JS)', w.fonts.length, w.fontKb, w.fontKb, fontSent);
  const [jsFiles, jsRaw, , jsSent] = sum(w.buckets);
  row('TOTAL first load, JS + fonts', jsFiles + w.fonts.length, jsRaw + w.fontKb, w.totalFirstLoadKb, jsSent + fontSent);
  const verdict =
    w.totalGzipKb <= BUDGET_KB
      ? `✓ within budget (${(BUDGET_KB - w.totalGzipKb).toFixed(1)} KB to spare)`
      : `✗ OVER budget by ${(w.totalGzipKb - BUDGET_KB).toFixed(1)} KB`;
  console.log(`\n  home first-load JS: ${w.totalGzipKb.toFixed(1)} KB gzip vs budget ${BUDGET_KB} KB → ${verdict}`);
  console.log(`  bytes actually transferred for it: ${w.totalTransferredKb.toFixed(1)} KB (Content-Encoding seen: ${[...encodings].join(', ')})`);
  console.log(`  home first-load fonts: ${w.fontKb.toFixed(1)} KB in ${w.fonts.length} file(s) (${w.fonts.map((f) => shortUrl(f.url)).join(', ') || 'none'})`);
  console.log(`  home first load, JS (gzip) + fonts: ${w.totalFirstLoadKb.toFixed(1)} KB`);
}
