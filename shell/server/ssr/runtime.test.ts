import type { SsrRequest, SsrResult } from '../../src/ssr/entry';
import { createSsrRuntime, type ShellServerBundle } from './runtime';
import { INLINE_CSS_MAX_BYTES, serverRemotes } from './remotes';

const REQUEST: Omit<SsrRequest, 'budgetMs'> = { url: '/roadmap', cookies: {}, origin: 'http://localhost:8080', apiBaseUrl: 'http://api', apiHeaders: {} };

const page = (remote: string | null): SsrResult =>
  ({ status: 200, html: '<h1>Roadmap</h1>', locale: 'en', theme: 'light', remote, state: { v: 1, remote, theme: 'light', locale: 'en' } }) as SsrResult;

const manifest = (css: string[]) =>
  JSON.stringify({ metaData: { publicPath: 'auto' }, exposes: [{ name: 'pages', path: './pages', assets: { css: { sync: css, async: [] } } }] });

/** Everything the runtime touches, faked: the bundle, the manifests, the clock and the deadline timer. */
function setup(env: Record<string, string> = {}) {
  const clock = { t: 0 };
  const deadlines: (() => void)[] = [];
  const manifests = new Map<string, string>();
  const fetched: string[] = [];
  const logs: string[] = [];
  let answer: () => Promise<SsrResult> = () => Promise.resolve(page('mfe_blog'));
  const bundle = {
    render: jest.fn((_req: SsrRequest) => answer()),
    registerServerRemotes: jest.fn<void, Parameters<ShellServerBundle['registerServerRemotes']>>(),
    preloadServerRemotes: jest.fn((_names: string[]) => Promise.resolve()),
  };
  const runtime = createSsrRuntime({
    env,
    webPort: 8080,
    log: (m) => logs.push(m),
    loadBundle: () => Promise.resolve(bundle),
    fetchText: (url) => {
      fetched.push(url);
      const text = manifests.get(url);
      return text === undefined ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve(text);
    },
    now: () => clock.t,
    timer: () => {
      let fire: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => {
        fire = resolve;
      });
      deadlines.push(fire);
      return { promise, cancel: () => undefined };
    },
  });
  return {
    runtime,
    bundle,
    clock,
    manifests,
    fetched,
    logs,
    setAnswer: (fn: () => Promise<SsrResult>) => {
      answer = fn;
    },
    /** the budget of every render in flight runs out */
    expireBudgets: () => deadlines.splice(0).forEach((fire) => fire()),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const fail = (message: string): never => {
  throw new Error(message);
};
const blogManifest = 'http://127.0.0.1:8080/remotes/mfe-blog/mf-manifest.json';

describe('serverRemotes', () => {
  it('reads the same configuration as /remotes.json: own URL, a server-side URL, else web itself', () => {
    const list = serverRemotes(
      { REMOTE_MFE_ORDER_URL: 'http://localhost:8082/', REMOTE_MFE_BLOG_URL: 'https://cdn.example/blog', REMOTE_MFE_BLOG_SERVER_URL: 'http://mfe-blog:8084' },
      'http://127.0.0.1:8080',
    );
    const byName = Object.fromEntries(list.map((r) => [r.name, r]));
    expect(byName.mfe_order).toMatchObject({ serverBase: 'http://localhost:8082', publicBase: 'http://localhost:8082' });
    expect(byName.mfe_blog).toMatchObject({ serverBase: 'http://mfe-blog:8084', publicBase: 'https://cdn.example/blog' });
    expect(byName.mfe_docs).toMatchObject({ serverBase: 'http://127.0.0.1:8080/remotes/mfe-docs', publicBase: null });
  });
});

describe('createSsrRuntime', () => {
  it('without the shell server bundle: off, with one log line, and every render is null', async () => {
    const logs: string[] = [];
    const runtime = createSsrRuntime({ env: {}, webPort: 8080, bundlePath: '/nonexistent/main.js', log: (m) => logs.push(m) });
    expect(await runtime.render(REQUEST)).toBeNull();
    expect(runtime.ready()).toBe(false);
    expect(logs).toEqual([expect.stringContaining('ssr: off')]);
  });

  it('registers every remote server entry once loaded and renders within the budget', async () => {
    const s = setup({ SSR_RENDER_BUDGET_MS: '250', REMOTE_MFE_ORDER_URL: 'http://localhost:8082' });
    const result = await s.runtime.render(REQUEST);
    expect(s.runtime.ready()).toBe(true);
    expect(result?.html).toContain('Roadmap');
    expect(s.bundle.render).toHaveBeenCalledWith(expect.objectContaining({ url: '/roadmap', budgetMs: 250 }));
    const [entries, options] = s.bundle.registerServerRemotes.mock.calls[0];
    expect(options).toEqual({ force: false });
    expect(entries).toHaveLength(5);
    expect(entries).toContainEqual({ name: 'mfe_blog', entry: 'http://127.0.0.1:8080/remotes/mfe-blog/server/remoteEntry.js' });
    expect(entries).toContainEqual({ name: 'mfe_order', entry: 'http://localhost:8082/server/remoteEntry.js' });
    expect(s.bundle.preloadServerRemotes).toHaveBeenCalledWith(['mfe_exchange', 'mfe_order', 'mfe_profile', 'mfe_blog', 'mfe_docs']);
  });

  it("reads web's port at the first render, when web listens", async () => {
    let port: number | null = null;
    const bundle = { render: jest.fn(() => Promise.resolve(page('mfe_blog'))), registerServerRemotes: jest.fn() };
    const runtime = createSsrRuntime({
      env: {},
      webPort: () => port ?? fail('port read before web listens'),
      loadBundle: () => Promise.resolve(bundle),
      fetchText: () => Promise.reject(new Error('down')),
      log: () => undefined,
    });
    await settle();
    port = 41234;
    await runtime.render(REQUEST);
    expect(bundle.registerServerRemotes.mock.calls[0][0]).toContainEqual({
      name: 'mfe_docs',
      entry: 'http://127.0.0.1:41234/remotes/mfe-docs/server/remoteEntry.js',
    });
  });

  it('answers null when the render outlives the budget, and opens the breaker after three', async () => {
    const s = setup({ SSR_BREAKER_FAILURES: '3', SSR_BREAKER_COOLDOWN_MS: '10000' });
    s.setAnswer(() => new Promise(() => undefined));
    for (let i = 0; i < 3; i++) {
      const pending = s.runtime.render(REQUEST);
      await settle();
      s.expireBudgets();
      expect(await pending).toBeNull();
    }
    expect(s.bundle.render).toHaveBeenCalledTimes(3);
    // the open breaker evicts the remote, so the trial after the cool-down loads it afresh
    expect(s.bundle.registerServerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_blog', entry: 'http://127.0.0.1:8080/remotes/mfe-blog/server/remoteEntry.js' }],
      { force: true },
    );
    expect(await s.runtime.render(REQUEST)).toBeNull();
    expect(s.bundle.render).toHaveBeenCalledTimes(3);
    expect(s.logs.some((l) => l.includes('mfe_blog over the 300 ms render budget'))).toBe(true);

    // other remotes' pages are unaffected
    s.setAnswer(() => Promise.resolve(page(null)));
    expect(await s.runtime.render({ ...REQUEST, url: '/' })).not.toBeNull();

    s.clock.t = 10_000;
    s.setAnswer(() => Promise.resolve(page('mfe_blog')));
    expect(await s.runtime.render(REQUEST)).not.toBeNull();
    expect(await s.runtime.render(REQUEST)).not.toBeNull();
  });

  it('counts a render that threw, or left the remote out, as a failure of that remote', async () => {
    const s = setup({ SSR_BREAKER_FAILURES: '2' });
    s.setAnswer(() => Promise.reject(new Error('boom')));
    expect(await s.runtime.render(REQUEST)).toBeNull();
    s.setAnswer(() => Promise.resolve(page(null)));
    // still a page (the slot is its skeleton), but the second failure opens the breaker
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: null });
    expect(await s.runtime.render(REQUEST)).toBeNull();
    expect(s.logs.some((l) => l.includes('mfe_blog render failed (boom)'))).toBe(true);
  });

  it('a page web knows does not exist (notFound) is the 404 page without its remote: never a failure of that remote', async () => {
    const s = setup({ SSR_BREAKER_FAILURES: '2' });
    s.setAnswer(() => Promise.resolve({ ...page(null), status: 404 }));
    const missing = { ...REQUEST, url: '/blog/no-such-post', notFound: true };
    for (let i = 0; i < 3; i++) expect(await s.runtime.render(missing)).toMatchObject({ status: 404, remote: null });
    s.setAnswer(() => Promise.resolve(page('mfe_blog')));
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: 'mfe_blog' });
    expect(s.logs.filter((l) => /mfe_blog (render failed|did not load|over the)/.test(l))).toEqual([]);
  });

  it('checks the manifests at most every SSR_REMOTE_POLL_MS and re-registers only a remote whose manifest changed', async () => {
    const s = setup({ SSR_REMOTE_POLL_MS: '5000' });
    s.manifests.set(blogManifest, manifest(['assets/1.aaa.css']));
    await s.runtime.render(REQUEST);
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(1);
    expect(s.runtime.cssFor('mfe_blog')).toEqual(['/remotes/mfe-blog/assets/1.aaa.css']);
    expect(s.runtime.cssFor('mfe_blog', 'https://ex.example')).toEqual(['https://ex.example/remotes/mfe-blog/assets/1.aaa.css']);

    s.manifests.set(blogManifest, manifest(['assets/1.bbb.css']));
    s.clock.t = 4999;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(1);
    expect(s.bundle.registerServerRemotes).toHaveBeenCalledTimes(1);

    s.clock.t = 5000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(2);
    expect(s.bundle.registerServerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_blog', entry: 'http://127.0.0.1:8080/remotes/mfe-blog/server/remoteEntry.js' }],
      { force: true },
    );
    expect(s.bundle.preloadServerRemotes).toHaveBeenLastCalledWith(['mfe_blog']);
    expect(s.runtime.cssFor('mfe_blog')).toEqual(['/remotes/mfe-blog/assets/1.bbb.css']);
    expect(s.logs.some((l) => l.includes('redeployed mfe_blog'))).toBe(true);
  });

  it('a remote with its own URL gets absolute stylesheet URLs', async () => {
    const s = setup({ REMOTE_MFE_BLOG_URL: 'https://cdn.example/blog/' });
    s.manifests.set('https://cdn.example/blog/mf-manifest.json', manifest(['assets/1.aaa.css']));
    await s.runtime.render(REQUEST);
    expect(s.runtime.cssFor('mfe_blog', 'https://ex.example')).toEqual(['https://cdn.example/blog/assets/1.aaa.css']);
    expect(s.runtime.cssFor('mfe_order')).toEqual([]);
  });

  it('hands a small stylesheet over with its text (inlined in the head), fetched once per file; a large or missing one is only linked', async () => {
    const s = setup({ SSR_REMOTE_POLL_MS: '5000' });
    const base = 'http://127.0.0.1:8080/remotes/mfe-blog/';
    s.manifests.set(blogManifest, manifest(['assets/1.aaa.css', 'assets/2.big.css', 'assets/3.gone.css']));
    s.manifests.set(`${base}assets/1.aaa.css`, '.a{color:red}');
    s.manifests.set(`${base}assets/2.big.css`, 'x'.repeat(INLINE_CSS_MAX_BYTES + 1));
    await s.runtime.render(REQUEST);
    expect(s.runtime.stylesFor('mfe_blog', 'https://ex.example')).toEqual([
      { href: 'https://ex.example/remotes/mfe-blog/assets/1.aaa.css', text: '.a{color:red}' },
      { href: 'https://ex.example/remotes/mfe-blog/assets/2.big.css', text: undefined },
      { href: 'https://ex.example/remotes/mfe-blog/assets/3.gone.css', text: undefined },
    ]);
    // the same manifest at the next check: no stylesheet is fetched again
    s.clock.t = 5000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.fetched.filter((u) => u.endsWith('1.aaa.css'))).toHaveLength(1);
    // a redeploy with a new file: its text replaces the old one
    s.manifests.set(blogManifest, manifest(['assets/1.bbb.css']));
    s.manifests.set(`${base}assets/1.bbb.css`, '.b{color:blue}');
    s.clock.t = 10_000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.runtime.stylesFor('mfe_blog')).toEqual([{ href: '/remotes/mfe-blog/assets/1.bbb.css', text: '.b{color:blue}' }]);
  });

  it("preloads: the remote's entry and its ./pages chunks, where the federation runtime will ask for them", async () => {
    const s = setup({ REMOTE_MFE_BLOG_URL: 'https://cdn.example/blog/' });
    s.manifests.set(
      'https://cdn.example/blog/mf-manifest.json',
      JSON.stringify({
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'pages', path: './pages', assets: { js: { sync: ['assets/61.a.js', 'assets/__federation_expose_pages.b.js'] } } }],
      }),
    );
    await s.runtime.render(REQUEST);
    expect(s.runtime.scriptsFor('mfe_blog', 'https://ex.example')).toEqual([
      'https://cdn.example/blog/remoteEntry.js',
      'https://cdn.example/blog/assets/61.a.js',
      'https://cdn.example/blog/assets/__federation_expose_pages.b.js',
    ]);
    expect(s.runtime.scriptsFor('mfe_order')).toEqual([]);
  });
});
