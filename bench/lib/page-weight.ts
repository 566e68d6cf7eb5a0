// Home first-load JavaScript: every JS response of a cold load of `/` until network idle, gzip-sized with
// zlib, split by where it comes from and by what it carries (DESIGN.md performance budgets).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/harness/chromium';

const BUDGET_KB = 150;

/** Content markers that survive minification. Checked in this order; the first match names a chunk. */
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
const VENDOR = new Set(['react', 'react-dom', 'mobx', 'mobx-react-lite', 'i18next', 'react-i18next']);

interface Chunk {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  /** every package marker found in it */
  carries: string[];
  /** summary bucket */
  bucket: string;
}

export interface PageWeight {
  chunks: Chunk[];
  buckets: Array<{ bucket: string; files: number; rawKb: number; gzipKb: number }>;
  totalGzipKb: number;
}

export async function measureHomeJs(opts: { webUrl: string; remotes: Record<string, string>; path?: string }): Promise<PageWeight> {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  const bodies: Array<Promise<{ url: string; body: Buffer } | undefined>> = [];
  let loaded: Array<{ url: string; body: Buffer }> = [];
  try {
    const context = await browser.newContext(); // cold cache
    const page = await context.newPage();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const ctype = res.headers()['content-type'] ?? '';
      if (!res.ok() || !(type === 'script' || /javascript/.test(ctype) || /\.m?js(\?|$)/.test(res.url()))) return;
      bodies.push(
        res.body().then(
          (body) => ({ url: res.url(), body }),
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
    loaded = (await Promise.all(bodies)).filter((b): b is { url: string; body: Buffer } => !!b);
  } finally {
    await browser.close();
  }

  const webOrigin = new URL(opts.webUrl).origin;
  const remoteByOrigin = new Map(Object.entries(opts.remotes).map(([name, url]) => [new URL(url).origin, name]));
  const seen = new Set<string>();
  const chunks: Chunk[] = [];
  for (const { url, body } of loaded) {
    if (seen.has(url)) continue;
    seen.add(url);
    const text = body.toString('utf8');
    const carries = CONTENT_MARKERS.filter(([, t]) => t(text)).map(([label]) => label);
    const u = new URL(url);
    let bucket: string;
    if (carries[0] === 'MF runtime') bucket = 'MF runtime';
    else if (carries[0] && VENDOR.has(carries[0])) bucket = `vendor: ${carries[0]}`;
    else if (carries[0] && LIBS.has(carries[0])) bucket = `lib: ${carries[0]}`;
    else if (u.origin === webOrigin && u.pathname.startsWith('/assets/')) bucket = 'shell';
    else if (remoteByOrigin.has(u.origin)) bucket = `remote: ${remoteByOrigin.get(u.origin)}`;
    else bucket = `other: ${u.origin}${u.pathname.split('/').slice(0, 2).join('/')}`;
    chunks.push({ url, rawBytes: body.length, gzipBytes: gzipSync(body).length, carries, bucket });
  }

  const byBucket = new Map<string, { files: number; raw: number; gz: number }>();
  for (const c of chunks) {
    const b = byBucket.get(c.bucket) ?? { files: 0, raw: 0, gz: 0 };
    b.files += 1;
    b.raw += c.rawBytes;
    b.gz += c.gzipBytes;
    byBucket.set(c.bucket, b);
  }
  const order = (b: string) =>
    b === 'shell'
      ? 0
      : b === 'MF runtime'
        ? 1
        : b.startsWith('remote: mfe_exchange')
          ? 2
          : b.startsWith('remote:')
            ? 3
            : b.startsWith('vendor:')
              ? 4
              : b.startsWith('lib:')
                ? 5
                : 6;
  const buckets = [...byBucket.entries()]
    .sort((a, b) => order(a[0]) - order(b[0]) || a[0].localeCompare(b[0]))
    .map(([bucket, v]) => ({ bucket, files: v.files, rawKb: v.raw / 1024, gzipKb: v.gz / 1024 }));
  const totalGzipKb = chunks.reduce((s, c) => s + c.gzipBytes, 0) / 1024;
  return { chunks, buckets, totalGzipKb };
}

export function printPageWeight(w: PageWeight, webUrl: string): void {
  const shortUrl = (url: string) => {
    const u = new URL(url);
    return u.origin === new URL(webUrl).origin ? u.pathname : `${u.port ? `:${u.port}` : u.host}${u.pathname}`;
  };
  console.log('\n  files (gzip, zlib default level)');
  for (const c of [...w.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(
      `    ${(c.gzipBytes / 1024).toFixed(1).padStart(7)} KB gz ${(c.rawBytes / 1024).toFixed(1).padStart(8)} KB raw  ${c.bucket.padEnd(24)} ${shortUrl(c.url)}${c.carries.length > 1 ? `  [carries ${c.carries.join(', ')}]` : ''}`,
    );
  }
  console.log('\n  | part                     | files |  raw KB | gzip KB |');
  console.log('  |--------------------------|------:|--------:|--------:|');
  const row = (name: string, files: number | string, raw: number | string, gz: number) =>
    console.log(
      `  | ${name.padEnd(24)} | ${String(files).padStart(5)} | ${typeof raw === 'number' ? raw.toFixed(1).padStart(7) : raw.padStart(7)} | ${gz.toFixed(1).padStart(7)} |`,
    );
  for (const b of w.buckets) row(b.bucket, b.files, b.rawKb, b.gzipKb);
  const vendor = w.buckets.filter((b) => b.bucket.startsWith('vendor:'));
  row(
    '(shared singletons)',
    vendor.reduce((s, b) => s + b.files, 0),
    vendor.reduce((s, b) => s + b.rawKb, 0),
    vendor.reduce((s, b) => s + b.gzipKb, 0),
  );
  row('TOTAL', w.chunks.length, w.chunks.reduce((s, c) => s + c.rawBytes, 0) / 1024, w.totalGzipKb);
  const verdict = w.totalGzipKb <= BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `\n  home first-load JS: ${w.totalGzipKb.toFixed(1)} KB gzip vs budget ${BUDGET_KB} KB → ${verdict} budget (${((w.totalGzipKb / BUDGET_KB) * 100).toFixed(0)} %)`,
  );
}
