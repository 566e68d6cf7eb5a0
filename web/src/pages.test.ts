// web's page answers against a fake api: status, the §2 head, redirects, compression, robots and sitemap.
import path from 'node:path';
import os from 'node:os';
import http from 'node:http';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { SeoTexts } from 'shared-contracts';
import { createStaticServer } from 'tooling/static-server';
import { buildWebServer } from './main';
import type { SsrRuntime } from './ssr/runtime';
import { shellDir } from './shellPackage';

jest.setTimeout(20_000);

// the site font's preloads as the build writes them (tooling/webpack/fontPreload.mjs)
const LATIN_FONT = '/assets/inter-latin-wght-normal.4f2981d828.woff2';
const CYRILLIC_FONT = '/assets/inter-cyrillic-wght-normal.49594fb515.woff2';
const fontPreload = (href: string, subset: string) =>
  `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin data-font-subset="${subset}">`;
const TEMPLATE = `<!doctype html>\n<html lang="en" data-theme="light">\n<head>\n<meta charset="utf-8">\n<title>Exchange</title>\n${fontPreload(LATIN_FONT, 'latin')}\n${fontPreload(CYRILLIC_FONT, 'cyrillic')}\n<link href=/assets/app.ccc.css rel=stylesheet>\n</head>\n<body><div id="root"></div></body>\n</html>`;
const WOFF2 = Buffer.from('wOF2 font bytes');
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

function fixture() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'web-pages-'));
  const dist = path.join(root, 'shell/dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dist, 'assets/main.abc.js'), BIG_JS);
  writeFileSync(path.join(dist, 'assets/main.abc.js.br'), 'BR-BYTES');
  writeFileSync(path.join(dist, 'assets/main.abc.js.gz'), 'GZIP-BYTES!');
  writeFileSync(path.join(dist, 'assets/plain.def.js'), '// no siblings');
  writeFileSync(path.join(dist, 'assets/app.ccc.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, LATIN_FONT), WOFF2);
  return { root, dist };
}

const texts = (title: string): SeoTexts => ({ title, description: `${title} description`, ogTitle: `${title} og`, ogDescription: `${title} og description` });
const homeTexts: SeoTexts = {
  ...texts('Home'),
  structuredData: { organizationName: 'Swap', organizationDescription: 'Swap desc', reviewAuthor: 'Ann', reviewBody: 'Fine', ratingValue: '4.7' },
};

/** The api as web sees it: seo texts, redirect lookups and the public pairs. */
function fakeApi() {
  const state = {
    seo: (configId: string, page: string): { status: number; body: unknown } => {
      if (configId === 'exchange-pair' && page !== 'btc-eth') return { status: 404, body: { statusCode: 404, code: 'ERR_NOT_FOUND', message: 'No SEO texts' } };
      const t = configId === 'index' ? homeTexts : texts(`${configId} <b>&`);
      return { status: 200, body: { data: { en: t, ru: { ...t, title: `ru ${t.title}` } } } };
    },
    redirects: {} as Record<string, { to: string; external: boolean }>,
    pairs: [] as unknown[],
    calls: [] as string[],
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      state.calls.push(`${req.method} ${url.pathname}${url.search}`);
      let answer: { status: number; body: unknown } = { status: 404, body: {} };
      if (url.pathname === '/dict/seo') {
        const b = JSON.parse(raw) as { config_id: string; params: { page: string } };
        answer = state.seo(b.config_id, b.params.page);
      } else if (url.pathname === '/api/v1/redirects/lookup') {
        answer = { status: 200, body: { redirect: state.redirects[url.searchParams.get('path') ?? ''] ?? null } };
      } else if (url.pathname === '/api/v2/pairs/public') {
        answer = { status: 200, body: state.pairs };
      } else if (url.pathname === '/api/v1/content/blog/sidebar') {
        answer = { status: 200, body: { categories: [{ slug: 'guides' }], recent: [] } };
      } else if (url.pathname === '/api/v1/content/blog/posts') {
        answer = { status: 200, body: { items: [{ slug: 'guides/fixed-vs-floating-rate' }], total: 1, offset: 0, perPage: 50, category: null } };
      } else if (url.pathname === '/api/v1/content/docs/nav') {
        answer = { status: 200, body: { sections: [{ title: 'Start', pages: [{ slug: 'getting-started' }] }] } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  return {
    state,
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface RawRes {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
}
/** node:http, so the bytes arrive as sent (fetch would decode them). */
function request(port: number, urlPath: string, o: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<RawRes>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: o.method ?? 'GET', headers: o.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers['content-encoding'];
        let text = raw.toString('utf8');
        // the fixture's static siblings are stand-in bytes; documents web compresses itself decode
        try {
          if (enc === 'br') text = brotliDecompressSync(raw).toString('utf8');
          if (enc === 'gzip') text = gunzipSync(raw).toString('utf8');
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A response read as it arrives: `until(text)` resolves once the decoded text so far contains `text`. */
function openStream(port: number, urlPath: string, headers: Record<string, string> = {}) {
  let text = '';
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const req = http.request({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
    const enc = res.headers['content-encoding'];
    const decoded = enc === 'br' ? res.pipe(createBrotliDecompress()) : enc === 'gzip' ? res.pipe(createGunzip()) : res;
    decoded.on('data', (c: Buffer) => {
      text += c.toString('utf8');
      wake();
    });
    decoded.on('end', () => {
      ended = true;
      wake();
    });
  });
  req.end();
  return {
    text: () => text,
    ended: () => ended,
    until: (part: string) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (text.includes(part)) resolve(text);
          else if (ended) reject(new Error(`ended without ${part}: ${text}`));
          else waiters.push(check);
        };
        check();
      }),
    end: () =>
      new Promise<string>((resolve) => {
        const check = () => (ended ? resolve(text) : waiters.push(check));
        check();
      }),
  };
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const tagsOf = (html: string, re: RegExp) => head(html).match(re) ?? [];

describe('web pages', () => {
  const { root, dist } = fixture();
  const api = fakeApi();
  let apiUrl = '';
  const servers: { close(): Promise<unknown> }[] = [];
  beforeAll(async () => {
    apiUrl = await api.listen();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await api.close();
  });

  async function web(env: Record<string, string> = {}, upstream = apiUrl) {
    const app = await buildWebServer({ workspaceRoot: root, env: { PUBLIC_ORIGIN: 'https://swap.example', ...env }, apiUrl: upstream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    servers.push(app);
    const port = (app.server.address() as AddressInfo).port;
    return (urlPath: string, o?: { method?: string; headers?: Record<string, string> }) => request(port, urlPath, o);
  }

  describe("a guest's page is rendered once for the guests of a moment (SSR_GUEST_CACHE_MS)", () => {
    /** `remote`: the page's remote a complete render reports (a render of /roadmap is shared when it is mfe_blog) */
    function fakeSsr(remote: string | null = null) {
      let renders = 0;
      const render = jest.fn(async (): Promise<unknown> => {
        renders += 1;
        const n = renders;
        await new Promise((r) => setTimeout(r, 20));
        return {
          status: 200,
          html: `<p data-testid="page-title">render ${n}</p>`,
          state: { v: 1 },
          locale: 'en',
          theme: 'light',
          remote,
        };
      });
      return { render, runtime: { ready: () => true, render, cssFor: () => [], stylesFor: () => [], scriptsFor: () => [] } as unknown as SsrRuntime };
    }
    async function webWith(ssr: SsrRuntime, env: Record<string, string> = {}) {
      const app = await buildWebServer({ workspaceRoot: root, env: { PUBLIC_ORIGIN: 'https://swap.example', ...env }, apiUrl, ssr });
      await app.listen({ port: 0, host: '127.0.0.1' });
      servers.push(app);
      const port = (app.server.address() as AddressInfo).port;
      return (urlPath: string, o?: { headers?: Record<string, string> }) => request(port, urlPath, o);
    }

    it('concurrent guests share one render; a visitor with a session, another theme or another page gets his own', async () => {
      const { render, runtime } = fakeSsr();
      const get = await webWith(runtime);
      const pages = await Promise.all([get('/roadmap'), get('/roadmap'), get('/roadmap')]);
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(new Set(pages.map((p) => p.text)).size).toBe(1);
      expect(pages[0].text).toContain('render 1');
      expect(render).toHaveBeenCalledTimes(1);
      await get('/roadmap', { headers: { cookie: 'u_id=visitor-1' } });
      await get('/roadmap', { headers: { cookie: 'theme=dark' } });
      await get('/support');
      expect(render).toHaveBeenCalledTimes(4);
    });

    it('guests share a render by the locale their Accept-Language negotiates (q-values), not by its wording', async () => {
      const { render, runtime } = fakeSsr();
      const get = await webWith(runtime);
      const lang = (value: string) => ({ headers: { 'accept-language': value } });
      await Promise.all([get('/roadmap', lang('ru;q=0.9,en;q=0.8')), get('/roadmap', lang('ru-RU,ru;q=0.9')), get('/roadmap', lang('de,ru;q=0.5'))]);
      expect(render).toHaveBeenCalledTimes(1);
      await Promise.all([get('/roadmap', lang('de,en;q=0.5')), get('/roadmap', lang('en-US,en;q=0.9')), get('/roadmap', lang('fr'))]);
      expect(render).toHaveBeenCalledTimes(2);
      expect(render.mock.calls.map((c) => (c as unknown[])[0])).toMatchObject([{ acceptLanguage: 'ru;q=0.9,en;q=0.8' }, { acceptLanguage: 'de,en;q=0.5' }]);
    });

    it('a page the api says does not exist (SEO 404: an unknown blog post) is rendered as the 404 page, status 404', async () => {
      const { render, runtime } = fakeSsr();
      const get = await webWith(runtime);
      const missing = await get('/ru/exchange-btc-xyz');
      expect(missing.status).toBe(404);
      expect((render.mock.calls.at(-1) as unknown[] | undefined)?.[0]).toMatchObject({ url: '/ru/exchange-btc-xyz', notFound: true });
      expect((await get('/roadmap')).status).toBe(200);
      expect((render.mock.calls.at(-1) as unknown[] | undefined)?.[0]).toMatchObject({ url: '/roadmap', notFound: false });
    });

    it("a guest after the render gets the shared page's gzip with his own nonce, as the first guest got it", async () => {
      const { render, runtime } = fakeSsr('mfe_blog');
      const get = await webWith(runtime, { SSR_GUEST_CACHE_MS: '5000' });
      const gzip = { headers: { 'accept-encoding': 'gzip, deflate, br' } };
      const first = await get('/roadmap', gzip);
      const [second, third] = [await get('/roadmap', gzip), await get('/roadmap', gzip)];
      expect(render).toHaveBeenCalledTimes(1);
      const nonceOf = (r: RawRes) => /'nonce-([^']+)'/.exec(String(r.headers['content-security-policy']))?.[1] ?? 'none';
      expect(new Set([first, second, third].map(nonceOf)).size).toBe(3);
      for (const r of [second, third]) {
        expect(r.headers['content-encoding']).toBe('gzip');
        expect(r.text).toBe(first.text.replaceAll(nonceOf(first), nonceOf(r)));
      }
      expect(second.headers.vary).toBe(first.headers.vary);
      expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
      // a client without gzip still gets the page, encoded as it asks
      const br = await get('/roadmap', { headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.text).toBe(first.text.replaceAll(nonceOf(first), nonceOf(br)));
      expect(render).toHaveBeenCalledTimes(1);
    });

    it('past 60% of SSR_GUEST_CACHE_MS a guest starts the next render and gets the shared page meanwhile; past it all, none gets the old one', async () => {
      const { render, runtime } = fakeSsr('mfe_blog');
      const get = await webWith(runtime, { SSR_GUEST_CACHE_MS: '1000' });
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      expect((await get('/roadmap')).text).toContain('render 1');
      await sleep(300);
      expect((await get('/roadmap')).text).toContain('render 1');
      expect(render).toHaveBeenCalledTimes(1);
      await sleep(350);
      // past 600 ms: this guest still gets render 1 (the fake render takes 20 ms), the next ones render 2
      expect((await get('/roadmap')).text).toContain('render 1');
      expect(render).toHaveBeenCalledTimes(2);
      await sleep(100);
      expect((await get('/roadmap')).text).toContain('render 2');
      expect(render).toHaveBeenCalledTimes(2);
      // nobody asked for over a second: the page is rendered again for the next guest, who waits for it
      await sleep(1100);
      expect((await get('/roadmap')).text).toContain('render 3');
    });

    it('a guest past the moment while the next render is under way waits for that render; none starts another', async () => {
      let release: () => void = () => undefined;
      let renders = 0;
      const render = jest.fn(async (): Promise<unknown> => {
        renders += 1;
        const n = renders;
        if (n > 1) await new Promise<void>((r) => (release = r));
        return { status: 200, html: `<p>render ${n}</p>`, state: { v: 1 }, locale: 'en', theme: 'light', remote: 'mfe_blog' };
      });
      const runtime = { ready: () => true, render, cssFor: () => [], stylesFor: () => [], scriptsFor: () => [] } as unknown as SsrRuntime;
      const get = await webWith(runtime, { SSR_GUEST_CACHE_MS: '1000' });
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      expect((await get('/roadmap')).text).toContain('render 1');
      await sleep(700);
      // past 60%: this guest gets render 1 and starts render 2, which takes until it is released
      expect((await get('/roadmap')).text).toContain('render 1');
      await sleep(400);
      // past the moment: render 1 is no longer served; these guests wait for render 2
      const late = Promise.all([get('/roadmap'), get('/roadmap')]);
      await sleep(50);
      release();
      for (const page of await late) expect(page.text).toContain('render 2');
      expect(render).toHaveBeenCalledTimes(2);
    });

    it('SSR_GUEST_CACHE_MS=0 renders every request', async () => {
      const { render, runtime } = fakeSsr();
      const get = await webWith(runtime, { SSR_GUEST_CACHE_MS: '0' });
      await Promise.all([get('/roadmap'), get('/roadmap')]);
      expect(render).toHaveBeenCalledTimes(2);
    });
  });

  describe('the head goes out before the body is rendered', () => {
    function slowSsr() {
      let release: () => void = () => undefined;
      const released = new Promise<void>((r) => {
        release = r;
      });
      const render = jest.fn(async (req: { onDecided?: () => void }) => {
        req.onDecided?.();
        await released;
        return { status: 200, html: '<h1>Roadmap</h1>', state: { v: 1, remote: 'mfe_blog' }, locale: 'en', theme: 'light', remote: 'mfe_blog' };
      });
      const runtime = {
        ready: () => true,
        render,
        cssFor: () => [],
        stylesFor: () => [{ href: 'https://swap.example/remotes/mfe-blog/assets/1.aaa.css', text: '.a{color:red}' }, { href: 'https://cdn.example/2.bbb.css' }],
        scriptsFor: () => ['https://swap.example/remotes/mfe-blog/remoteEntry.js'],
      } as unknown as SsrRuntime;
      return { runtime, release, render };
    }

    it.each([['identity'], ['gzip'], ['br']])(
      '(%s) title, styles and preloads arrive while the page is still rendering; then its markup, state and the remotes map',
      async (encoding) => {
        const { runtime, release } = slowSsr();
        const app = await buildWebServer({ workspaceRoot: root, env: { PUBLIC_ORIGIN: 'https://swap.example' }, apiUrl, ssr: runtime });
        await app.listen({ port: 0, host: '127.0.0.1' });
        servers.push(app);
        const page = openStream((app.server.address() as AddressInfo).port, '/roadmap', { 'accept-encoding': encoding });
        const first = await page.until('<div id="root">');
        expect(first).toContain('<title data-seo="">roadmap');
        // the remote's small stylesheet inlined (mini-css-extract finds its data-href), the other linked
        expect(first).toContain('<style data-href="https://swap.example/remotes/mfe-blog/assets/1.aaa.css">.a{color:red}</style>');
        expect(first).toContain('<link rel="stylesheet" href="https://cdn.example/2.bbb.css">');
        // no script competes with the first paint: the page's scripts are named in the state, preloaded at that paint
        // (the one preload in the head is the site font's, which the first paint needs)
        expect(tagsOf(first, /<link rel="preload"[^>]*>/g)).toEqual([fontPreload(LATIN_FONT, 'latin')]);
        expect(first).not.toContain('Roadmap</h1>');
        expect(page.ended()).toBe(false);
        release();
        const all = await page.end();
        expect(all).toContain('<div id="root"><h1>Roadmap</h1></div><script type="application/json" id="__SSR_STATE__">');
        const state = JSON.parse(/id="__SSR_STATE__">([^<]*)<\/script>/.exec(all)?.[1] ?? 'null');
        expect(state).toMatchObject({
          remote: 'mfe_blog',
          remotes: { mfe_blog: '/remotes/mfe-blog/mf-manifest.json' },
          preload: ['https://swap.example/remotes/mfe-blog/remoteEntry.js'],
        });
        expect(all.endsWith('</html>')).toBe(true);
      },
    );

    it("inlines the shell's own start-up stylesheet", async () => {
      const get = await web();
      const res = await get('/roadmap');
      expect(res.text).toContain('<style data-href="/assets/app.ccc.css">body{margin:0}</style>');
      expect(res.text).not.toContain('rel="stylesheet" href="/assets/app.ccc.css"');
    });
  });

  describe('the first HTML carries the §2 head', () => {
    it('home: texts from the api, canonical, alternates, JSON-LD, one title, lang and theme', async () => {
      const get = await web();
      const res = await get('/', { headers: { cookie: 'theme=dark' } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<html lang="en" data-theme="dark">');
      expect(tagsOf(res.text, /<title[^>]*>[^<]*<\/title>/g)).toEqual(['<title data-seo="">Home</title>']);
      expect(res.text).toContain('<meta name="description" content="Home description" data-seo="">');
      expect(res.text).toContain('<link rel="canonical" href="https://swap.example/" data-seo="">');
      expect(tagsOf(res.text, /hreflang="[^"]+"/g)).toEqual(['hreflang="en"', 'hreflang="ru"', 'hreflang="x-default"']);
      const ld = /<script type="application\/ld\+json" data-seo="">([^<]*)<\/script>/.exec(res.text);
      expect(JSON.parse(ld?.[1] ?? 'null')['@graph'][1].reviewRating).toMatchObject({ ratingValue: '4.7', bestRating: 5, worstRating: 1 });
      expect(res.text).toContain('<body><div id="root"></div></body>');
    });

    it('/ru: Russian texts, lang ru, canonical under /ru; an invalid theme cookie keeps the template theme', async () => {
      const get = await web();
      const res = await get('/ru', { headers: { cookie: 'theme=<x>' } });
      expect(res.text).toContain('<html lang="ru" data-theme="light">');
      expect(res.text).toContain('<title data-seo="">ru Home</title>');
      expect(res.text).toContain('<link rel="canonical" href="https://swap.example/ru" data-seo="">');
    });

    it('escapes the texts; blog has no alternates; exchange pair asks the api for its pair segment', async () => {
      const get = await web();
      const blog = await get('/blog');
      expect(blog.text).toContain('<title data-seo="">blog &lt;b&gt;&amp;</title>');
      expect(tagsOf(blog.text, /hreflang/g)).toEqual([]);
      expect(blog.text).toContain('<link rel="canonical" href="https://swap.example/blog" data-seo="">');
      const pair = await get('/exchange-btc-eth');
      expect(pair.status).toBe(200);
      expect(tagsOf(pair.text, /hreflang/g)).toHaveLength(3);
      expect(api.state.calls).toContain('POST /dict/seo');
    });

    it('REACHABILITY_URL (§4) reaches the page as a meta tag, on every page kind; unset or not http(s), none', async () => {
      const get = await web({ REACHABILITY_URL: 'https://connectivity.example/ping?a=1&b=2' });
      for (const p of ['/', '/no-such-page']) {
        expect((await get(p)).text).toContain('<meta name="reachability-url" content="https://connectivity.example/ping?a=1&amp;b=2">');
      }
      expect((await (await web())('/')).text).not.toContain('reachability-url');
      expect((await (await web({ REACHABILITY_URL: 'javascript:alert(1)' }))('/')).text).not.toContain('reachability-url');
    });

    it("the site's own font (issue 25): English pages preload its Latin file, Russian pages Latin and Cyrillic, crossorigin", async () => {
      const get = await web();
      const preloads = (html: string) => tagsOf(html, /<link rel="preload"[^>]*>/g);
      for (const page of ['/', '/exchange-btc-eth', '/no-such-page']) {
        expect(preloads((await get(page)).text)).toEqual([fontPreload(LATIN_FONT, 'latin')]);
      }
      for (const page of ['/ru', '/ru/exchange-btc-eth']) {
        expect(preloads((await get(page)).text)).toEqual([fontPreload(LATIN_FONT, 'latin'), fontPreload(CYRILLIC_FONT, 'cyrillic')]);
      }
      // the preloaded URL is the one served, as a font, cached for a year like every hashed asset
      const font = await get(LATIN_FONT, { headers: { 'accept-encoding': 'br, gzip' } });
      expect([font.status, font.headers['content-type'], font.headers['content-encoding']]).toEqual([200, 'font/woff2', undefined]);
      expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(font.raw.equals(WOFF2)).toBe(true);
    });

    it('order and profile pages are noindex', async () => {
      const get = await web();
      for (const p of ['/order/pending', '/profile/info', '/ru/lk']) {
        expect((await get(p)).text).toContain('<meta name="robots" content="noindex" data-seo="">');
      }
      expect((await get('/roadmap')).text).not.toContain('noindex');
    });
  });

  describe('status', () => {
    it('404 for an unknown path, a failed validity rule and a pair the api does not know', async () => {
      const get = await web();
      for (const p of ['/no-such-page', '/exchange-btc', '/blog/page0', '/exchange-btc-xyz']) {
        const res = await get(p);
        expect([p, res.status]).toEqual([p, 404]);
        expect(res.text).toContain('<title data-seo="">Page not found</title>');
      }
    });

    it('the api down: the page is served with the shell title as a fallback head', async () => {
      const get = await web({}, 'http://127.0.0.1:1');
      const res = await get('/exchange-btc-eth');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<title data-seo="">Exchange BTC to ETH</title>');
      expect(res.text).toContain('<link rel="canonical" href="https://swap.example/exchange-btc-eth" data-seo="">');
    });

    it('§8 meta-key check: missing keys are a plain 500 page with SEO_META_KEY_CHECK=true, a fallback head without', async () => {
      const seo = api.state.seo;
      api.state.seo = () => ({ status: 200, body: { data: { en: { title: 'Only a title' } } } });
      try {
        const checked = await (await web({ SEO_META_KEY_CHECK: 'true' }))('/support');
        expect(checked.status).toBe(500);
        expect(checked.text).toContain('Something went wrong');
        expect(checked.text).not.toMatch(/swap\.example|127\.0\.0\.1|SEO_META_KEY_CHECK|description/);
        const unchecked = await (await web())('/support');
        expect(unchecked.status).toBe(200);
        expect(unchecked.text).toContain('<title data-seo="">Support</title>');
      } finally {
        api.state.seo = seo;
      }
    });
  });

  describe('§2 redirect lookup', () => {
    it('internal: 301 keeping the query; external: 301 to the URL; none: the page', async () => {
      api.state.redirects['/old-page'] = { to: '/roadmap', external: false };
      api.state.redirects['/ru/partner'] = { to: 'https://partner.example/x', external: true };
      const get = await web();
      const internal = await get('/old-page?utm_source=a');
      expect([internal.status, internal.headers.location]).toEqual([301, '/roadmap?utm_source=a']);
      const external = await get('/ru/partner?x=1');
      expect([external.status, external.headers.location]).toEqual([301, 'https://partner.example/x']);
      expect((await get('/roadmap')).status).toBe(200);
      expect(api.state.calls).toContain('GET /api/v1/redirects/lookup?path=%2Fold-page');
    });
  });

  describe('compression', () => {
    it('static files: the br or gzip sibling by Accept-Encoding, original type, encoded length, Vary', async () => {
      const get = await web();
      const br = await get('/assets/main.abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect([br.headers['content-encoding'], br.raw.toString(), br.headers['content-length']]).toEqual(['br', 'BR-BYTES', '8']);
      expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(br.headers.vary).toBe('Accept-Encoding');
      const gz = await get('/assets/main.abc.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect([gz.headers['content-encoding'], gz.raw.toString()]).toEqual(['gzip', 'GZIP-BYTES!']);
      const identity = await get('/assets/main.abc.js', { headers: { 'accept-encoding': 'identity' } });
      expect([identity.headers['content-encoding'], identity.raw.toString()]).toEqual([undefined, BIG_JS]);
      expect(identity.headers.vary).toBe('Accept-Encoding');
      const headReq = await get('/assets/main.abc.js', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
      expect([headReq.status, headReq.headers['content-encoding'], headReq.headers['content-length'], headReq.raw.length]).toEqual([200, 'br', '8', 0]);
      const plain = await get('/assets/plain.def.js', { headers: { 'accept-encoding': 'br' } });
      expect([plain.headers['content-encoding'], plain.headers.vary]).toEqual([undefined, undefined]);
    });

    it('the per-remote static server does the same', async () => {
      const server = createStaticServer(dist);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push({ close: () => new Promise((resolve) => server.close(resolve)) });
      const port = (server.address() as AddressInfo).port;
      const br = await request(port, '/assets/main.abc.js', { headers: { 'accept-encoding': 'br' } });
      expect([br.headers['content-encoding'], br.raw.toString(), br.headers.vary]).toEqual(['br', 'BR-BYTES', 'Accept-Encoding']);
      const gz = await request(port, '/assets/main.abc.js', { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
      expect([gz.headers['content-encoding'], gz.headers['content-length'], gz.raw.length]).toEqual(['gzip', '11', 0]);
      const none = await request(port, '/assets/main.abc.js');
      expect([none.headers['content-encoding'], none.raw.toString()]).toEqual([undefined, BIG_JS]);
    });

    it('pages are compressed on the fly when accepted, with Vary', async () => {
      const get = await web();
      const pad = 'p'.repeat(3000);
      const seo = api.state.seo;
      api.state.seo = (c, p) => (c === 'roadmap' ? { status: 200, body: { data: { en: texts(`Roadmap ${pad}`), ru: texts('r') } } } : seo(c, p));
      try {
        const br = await get('/roadmap', { headers: { 'accept-encoding': 'br, gzip' } });
        expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'Accept-Encoding']);
        expect(br.text).toContain(pad);
        const gz = await get('/roadmap', { headers: { 'accept-encoding': 'gzip' } });
        expect(gz.headers['content-encoding']).toBe('gzip');
        const none = await get('/roadmap');
        expect(none.headers['content-encoding']).toBeUndefined();
        expect(none.text).toContain(pad);
      } finally {
        api.state.seo = seo;
      }
    });
  });

  describe('robots.txt and sitemap.xml', () => {
    it('robots allows all but the private areas and names the sitemap', async () => {
      const res = await (await web())('/robots.txt');
      expect(res.text).toContain('User-agent: *');
      for (const p of ['/api/', '/profile/', '/lk', '/order/']) expect(res.text).toContain(`Disallow: ${p}\n`);
      expect(res.text).toContain('Sitemap: https://swap.example/sitemap.xml');
    });

    it('sitemap: public pages, active pair pages, blog posts and categories and docs pages in both locales, alternates except on blog and docs', async () => {
      api.state.pairs = [
        { fromSlug: 'btc', toSlug: 'eth', isActive: true },
        { fromSlug: 'USDT', toSlug: 'trx', isActive: true },
        { fromSlug: 'btc', toSlug: 'xmr', isActive: false },
        { fromSlug: 'bad-slug', toSlug: 'eth', isActive: true },
      ];
      const res = await (await web())('/sitemap.xml');
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      const o = 'https://swap.example';
      expect(locs).toEqual(
        [
          '/',
          '/popular-exchanges',
          '/blog',
          '/docs',
          '/roadmap',
          '/support',
          '/status',
          '/terms',
          '/privacy',
          '/aml-kyc',
          '/exchange-btc-eth',
          '/exchange-usdt-trx',
          '/blog/guides',
          '/blog/guides/fixed-vs-floating-rate',
          '/docs/getting-started',
        ].flatMap((p) => [`${o}${p}`, `${o}/ru${p === '/' ? '' : p}`]),
      );
      const entry = (loc: string) => res.text.split('\n').find((l) => l.includes(`<loc>${loc}</loc>`)) ?? '';
      expect(entry(`${o}/ru/exchange-btc-eth`)).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${o}/exchange-btc-eth"/>`);
      expect(entry(`${o}/`)).toContain(`hreflang="x-default" href="${o}/"`);
      expect(entry(`${o}/blog`)).not.toContain('xhtml:link');
      expect(entry(`${o}/ru/docs`)).not.toContain('xhtml:link');
      expect(entry(`${o}/blog/guides/fixed-vs-floating-rate`)).not.toContain('xhtml:link');
    });
  });

  describe('the site’s own files (issue 24)', () => {
    it('/.well-known/security.txt: contact, an Expires within a year computed now, policy, languages, canonical', async () => {
      const res = await (await web())('/.well-known/security.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const fields = Object.fromEntries(
        res.text
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
      );
      expect(fields).toMatchObject({
        Contact: 'https://swap.example/support',
        Policy: 'https://swap.example/terms#reporting-a-security-problem',
        'Preferred-Languages': 'en, ru',
        Canonical: 'https://swap.example/.well-known/security.txt',
      });
      const expires = Date.parse(fields.Expires);
      expect(expires).toBeGreaterThan(Date.now() + 30 * 86_400_000);
      expect(expires).toBeLessThan(Date.now() + 365 * 86_400_000);
      const configured = await (await web({ SECURITY_CONTACT: 'mailto:security@swap.example, https://swap.example/hackers' }))('/.well-known/security.txt');
      expect(configured.text).toContain('Contact: mailto:security@swap.example\nContact: https://swap.example/hackers\n');
    });

    it('the web app manifest names the site, its icons and colours; the page head links it with theme-color', async () => {
      const res = await (await web())('/manifest.webmanifest');
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      const manifest = JSON.parse(res.text) as Record<string, unknown>;
      expect(manifest).toMatchObject({ short_name: 'Coinferry', start_url: '/', display: 'standalone', theme_color: '#3b5bfd', background_color: '#ffffff' });
      const icons = manifest.icons as { src: string; sizes: string }[];
      expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of icons) expect((await (await web())(icon.src)).status).toBe(200);
      const page = { text: readFileSync(path.join(shellDir, 'src/index.html'), 'utf8') };
      expect(page.text).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(page.text).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
      expect(page.text).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: light\)">/);
      expect(page.text).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}" media="\(prefers-color-scheme: dark\)">/);
    });

    it('icons: /favicon.ico, the 180×180 apple-touch-icon, the 192 and 512 PNGs', async () => {
      const get = await web();
      const ico = await get('/favicon.ico');
      expect([ico.status, ico.headers['content-type']]).toEqual([200, 'image/x-icon']);
      expect([ico.raw.readUInt16LE(0), ico.raw.readUInt16LE(2), ico.raw.readUInt16LE(4)]).toEqual([0, 1, 1]);
      for (const [url, size] of [
        ['/apple-touch-icon.png', 180],
        ['/icon-192.png', 192],
        ['/icon-512.png', 512],
      ] as const) {
        const res = await get(url);
        expect([url, res.headers['content-type'], res.raw.readUInt32BE(16), res.raw.readUInt32BE(20)]).toEqual([url, 'image/png', size, size]);
      }
    });
  });

  it('serves the Open Graph image', async () => {
    const res = await (await web())('/og-image.png');
    expect(res.headers['content-type']).toBe('image/png');
    expect([res.raw.readUInt32BE(16), res.raw.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('serves the favicon, an SVG of the mark', async () => {
    const res = await (await web())('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.text).toContain('<svg');
  });
});
