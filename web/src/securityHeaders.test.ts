// Issue 24: every answer of web carries the browser security headers, pages run their scripts by the response's own
// nonce, and no encoding of a path reaches an app's server bundle.
import path from 'node:path';
import os from 'node:os';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createStaticServer } from 'tooling/static-server';
import { buildWebServer } from './main';
import type { SsrRuntime } from './ssr/runtime';
import { contentSecurityPolicy, markScripts, NONCE_MARK, PERMISSIONS_POLICY, newNonce } from './securityHeaders';

jest.setTimeout(20_000);

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Exchange</title>' +
  '<script id="early-input">window.early=1</script><script>window.theme=1</script>' +
  '<script defer="defer" src="/assets/main.abc.js"></script></head><body><div id="root"></div></body></html>';

function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-headers-'));
  const dist = path.join(root, 'shell/dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dist, 'assets/main.abc.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'server/main.js'), 'module.exports = "web-only server code"');
  writeFileSync(path.join(dist, 'server/main.js.gz'), 'gzip of web-only server code');
  const order = path.join(root, 'mfe-order/dist');
  mkdirSync(path.join(order, 'assets'), { recursive: true });
  mkdirSync(path.join(order, 'server'), { recursive: true });
  writeFileSync(path.join(order, 'mf-manifest.json'), '{"name":"mfe_order"}');
  writeFileSync(path.join(order, 'assets/chunk.def.js'), '// chunk');
  writeFileSync(path.join(order, 'server/remoteEntry.js'), '// the remote server code');
  return root;
}

/** The api: every call answers JSON (with a framing header of its own, which web's set replaces); no SEO texts. */
function fakeApi() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/v1/redirects/lookup') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"redirect":null}');
      if (url.pathname === '/dict/seo') return res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
      if (url.pathname === '/api/v1/sandbox/page')
        return res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'sha256-abc'" }).end('<script>x()</script>');
      res.writeHead(200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' }).end('{"ok":true}');
    });
  });
  return {
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}
function request(port: number, urlPath: string, headers: Record<string, string> = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        const text = enc === 'br' ? brotliDecompressSync(raw).toString() : enc === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A server render whose markup carries one of React's own inline scripts, with the nonce web asked for. */
const ssr = {
  ready: () => true,
  render: async (req: { nonce?: string }) => ({
    status: 200,
    html: `<p>page</p><script nonce="${req.nonce}">$RX=1</script>`,
    state: { v: 1 },
    locale: 'en',
    theme: 'light',
    remote: null,
  }),
  cssFor: () => [],
  stylesFor: () => [],
  scriptsFor: () => [],
} as unknown as SsrRuntime;

function directives(csp: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectSecurityHeaders(res: Res, https: boolean) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  if (https) expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  else expect(res.headers['strict-transport-security']).toBeUndefined();
  const csp = directives(res.headers['content-security-policy'] as string);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'strict-dynamic'", "'self'"]));
  expect(csp.get('script-src')?.some((s) => /^'nonce-[A-Za-z0-9+/=]{22,}'$/.test(s))).toBe(true);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  return csp;
}

const nonceOf = (res: Res) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('web security headers (issue 24)', () => {
  const root = fixture();
  const api = fakeApi();
  const apps: FastifyInstance[] = [];
  let apiUrl = '';
  beforeAll(async () => {
    apiUrl = await api.listen();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await api.close();
  });
  async function web(env: Record<string, string>, runtime: SsrRuntime = ssr) {
    const app = await buildWebServer({ workspaceRoot: root, env: { SSR_GUEST_CACHE_MS: '1000', ...env }, apiUrl, ssr: runtime });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    const port = (app.server.address() as AddressInfo).port;
    return (urlPath: string, headers?: Record<string, string>) => request(port, urlPath, headers);
  }

  const PAGE_KINDS = [
    '/',
    '/ru',
    '/exchange-btc-eth',
    '/ru/exchange-btc-eth',
    '/popular-exchanges',
    '/order/0b6c0f5e-6c1b-4a1b-9f53-6b9a4e1e6c11',
    '/profile/keys',
    '/blog',
    '/roadmap',
    '/support',
    '/docs/api-reference',
    '/ru/docs',
    '/no-such-page',
  ];

  it.each(PAGE_KINDS)('page %s: the whole set, HSTS on an https site, scripts run by this response’s nonce', async (page) => {
    const get = await web({ PUBLIC_ORIGIN: 'https://swap.example', REMOTE_MFE_BLOG_URL: 'https://blog.cdn.example/mfe-blog' });
    const res = await get(page, { host: 'swap.example', 'accept-encoding': 'br' });
    expect([200, 404]).toContain(res.status);
    const csp = expectSecurityHeaders(res, true);
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'wss://swap.example', 'https://blog.cdn.example']));
    expect(csp.get('script-src')).toContain('https://blog.cdn.example');
    const nonce = nonceOf(res);
    // every script element that runs carries the nonce; the marker never leaves web
    const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
    const running = scripts.filter((s) => !/type="application\/(?:ld\+)?json"/.test(s));
    expect(running.length).toBeGreaterThanOrEqual(3);
    for (const s of running) expect(s).toContain(`nonce="${nonce}"`);
    expect(res.text).not.toContain(NONCE_MARK);
  });

  it('nonces are 128 random bits, never the same twice (past the refills of their random block)', () => {
    const nonces = Array.from({ length: 2000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const n of nonces) expect(Buffer.from(n, 'base64')).toHaveLength(16);
  });

  it('two guests sharing one render get different nonces', async () => {
    const get = await web({ PUBLIC_ORIGIN: 'https://swap.example' });
    const [a, b] = await Promise.all([get('/roadmap', { host: 'swap.example' }), get('/roadmap', { host: 'swap.example' })]);
    expect(nonceOf(a)).not.toEqual(nonceOf(b));
    expect(a.text).toContain(`<script nonce="${nonceOf(a)}">$RX=1</script>`);
    expect(b.text).toContain(`<script nonce="${nonceOf(b)}">$RX=1</script>`);
  });

  it('guests after the shared render (its gzip made once, noncedGzip.ts) get their own nonce in every script', async () => {
    // a complete render of /roadmap names its remote (mfe_blog): only such a render is shared
    const blog = { ...ssr, render: async (req: { nonce?: string }) => ({ ...(await ssr.render(req as never)), remote: 'mfe_blog' }) } as SsrRuntime;
    const get = await web({ PUBLIC_ORIGIN: 'https://swap.example' }, blog);
    const gzip = { host: 'swap.example', 'accept-encoding': 'gzip, deflate, br' };
    await get('/roadmap', gzip);
    const [a, b] = [await get('/roadmap', gzip), await get('/roadmap', gzip)];
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(nonceOf(a)).not.toEqual(nonceOf(b));
    for (const res of [a, b]) {
      expect(res.text).toContain(`<script nonce="${nonceOf(res)}">$RX=1</script>`);
      const running = (res.text.match(/<script\b[^>]*>/g) ?? []).filter((s) => !/type="application\/(?:ld\+)?json"/.test(s));
      expect(running.length).toBeGreaterThanOrEqual(3);
      for (const s of running) expect(s).toContain(`nonce="${nonceOf(res)}"`);
      expect(res.text).not.toContain(NONCE_MARK);
    }
  });

  it.each([
    ['a static file', '/assets/main.abc.js', 200],
    ["a remote's file", '/remotes/mfe-order/assets/chunk.def.js', 200],
    ['a missing file', '/assets/missing.js', 404],
    ['an api answer (the api’s own framing header replaced)', '/api/v1/anything', 200],
    ['remotes.json', '/remotes.json', 200],
    ['a 301 normalisation', '/exchange-BTC-ETH', 301],
    ['robots.txt', '/robots.txt', 200],
  ])('%s: the same set (no HSTS on an http site)', async (_kind, urlPath, status) => {
    const get = await web({});
    const res = await get(urlPath);
    expect(res.status).toBe(status);
    const csp = expectSecurityHeaders(res, false);
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", expect.stringMatching(/^ws:\/\/(localhost|127\.0\.0\.1):\d+$/)]));
  });

  it("a page of the api's own keeps the api's policy, with web's other headers", async () => {
    const get = await web({});
    const res = await get('/api/v1/sandbox/page');
    expect(res.headers['content-security-policy']).toBe("script-src 'sha256-abc'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/server/main.js',
    '/%73erver/main.js',
    '/server%2Fmain.js',
    '/%73%65%72%76%65%72%2f%6d%61%69%6e%2e%6a%73',
    '/%2573erver/main.js',
    '/assets/%2e%2e/server/main.js',
    '/assets/..%2fserver%2fmain.js',
    '/assets/%2e%2e%2fserver/main.js',
    '/%2e%2e/shell/dist/server/main.js',
    '/SERVER/main.js',
    '/./server/main.js',
    '/index.html',
    '/%69ndex.html',
    '/remotes/mfe-order/server/remoteEntry.js',
    '/remotes/mfe-order/%73erver/remoteEntry.js',
    '/remotes/mfe-order/server%2FremoteEntry.js',
    '/remotes/mfe-order/assets/%2e%2e/server/remoteEntry.js',
  ])('%s answers 404, never a server bundle', async (urlPath) => {
    const get = await web({});
    for (const encoding of ['identity', 'gzip']) {
      const res = await get(urlPath, { 'accept-encoding': encoding });
      expect(res.status).toBe(404);
      expect(res.text).not.toMatch(/server code/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('the policy', () => {
  it('lists the remotes and the reachability probe once, the site not twice', () => {
    const csp = contentSecurityPolicy({
      siteOrigin: 'https://swap.example',
      nonce: 'abc',
      remoteOrigins: ['https://swap.example', 'https://r.example', 'https://r.example'],
      reachabilityOrigin: 'https://probe.example',
    });
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'nonce-abc'", "'strict-dynamic'", "'wasm-unsafe-eval'", "'self'", 'https://r.example']);
    expect(d.get('connect-src')).toEqual(["'self'", 'wss://swap.example', 'https://r.example', 'https://probe.example']);
    expect(d.has('upgrade-insecure-requests')).toBe(true);
    expect(directives(contentSecurityPolicy({ siteOrigin: 'http://localhost:8080', nonce: 'n', remoteOrigins: [] })).has('upgrade-insecure-requests')).toBe(
      false,
    );
  });

  it("lets the site's own font load from the site itself (issue 25: self-hosted woff2 under /assets), no font host", () => {
    const d = directives(contentSecurityPolicy({ siteOrigin: 'https://swap.example', nonce: 'n', remoteOrigins: [] }));
    expect(d.get('font-src')).toEqual(["'self'", 'data:']);
    expect(d.get('default-src')).toEqual(["'self'"]);
  });

  it("allows eval and the dev servers' reload sockets only with NODE_ENV=development", () => {
    const base = { siteOrigin: 'http://localhost:8080', nonce: 'n', remoteOrigins: ['http://localhost:8082'] };
    expect(directives(contentSecurityPolicy(base)).get('script-src')).not.toContain("'unsafe-eval'");
    const dev = directives(contentSecurityPolicy({ ...base, development: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toContain('ws://localhost:8082');
  });

  it('marks the scripts that run, not the JSON data blocks', () => {
    const html =
      '<script>a()</script><script defer src=/a.js></script><script type="application/json" id="s">{}</script><script type=application/ld+json>{}</script>';
    const marked = markScripts(html);
    expect(marked.match(new RegExp(NONCE_MARK, 'g'))?.length).toBe(2);
    expect(marked).toContain('<script type="application/json" id="s">');
  });
});

describe("a remote's own static server (tooling/static-server.mjs)", () => {
  it('answers files, 404s and preflights with nosniff', async () => {
    const root = fixture();
    const server = createStaticServer(path.join(root, 'mfe-order/dist'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      for (const [urlPath, status] of [
        ['/mf-manifest.json', 200],
        ['/assets/chunk.def.js', 200],
        ['/missing.js', 404],
      ] as const) {
        const res = await request(port, urlPath);
        expect([urlPath, res.status, res.headers['x-content-type-options']]).toEqual([urlPath, status, 'nosniff']);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
