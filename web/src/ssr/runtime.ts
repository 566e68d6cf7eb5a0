// web's server rendering: the shell's server bundle (shell/dist/server/main.js, required at run time), the
// remotes' server entries registered from the same configuration as /remotes.json, a render budget around
// every call and a circuit breaker per remote. `render` answers null whenever web should send the
// client-rendered page instead (no bundle, breaker open, error, over budget).
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { REMOTES } from 'shared-contracts/remotes';
import { matchRoute, type SsrRequest, type SsrResult } from 'shell/for-web';
import { CircuitBreaker } from './breaker';
import { RemoteWatch, serverRemotes } from './remotes';
import { installSignedFetch, loadRemoteTrust, type RemoteTrust } from './signedRemotes';
import { shellDir } from '../shellPackage';

/** What requiring shell/dist/server/main.js resolves to (shell/src/ssr/entry.ts). */
export interface ShellServerBundle {
  render(req: SsrRequest): Promise<SsrResult>;
  registerServerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  /** loads remotes' `./pages` ahead of their first request (used when the bundle exports it) */
  preloadServerRemotes?(names: string[]): Promise<unknown>;
}

export interface SsrRuntime {
  /** the shell's server bundle is loaded */
  ready(): boolean;
  /** the page, or null: send the client-rendered document */
  render(req: Omit<SsrRequest, 'budgetMs'>): Promise<SsrResult | null>;
  /** the stylesheets of a remote's `./pages` for the head (`origin`: the page's own, for remotes web serves) */
  cssFor(remote: string, origin?: string): string[];
  /** cssFor with each stylesheet's text where web has it (inlined in the head) */
  stylesFor(remote: string, origin?: string): { href: string; text?: string }[];
  /** the remote's entry and `./pages` scripts, for preloads in the head */
  scriptsFor(remote: string, origin?: string): string[];
}

interface Timer {
  promise: Promise<void>;
  cancel(): void;
}

export interface SsrRuntimeOptions {
  /** SSR_RENDER_BUDGET_MS, SSR_REMOTE_POLL_MS, SSR_BREAKER_FAILURES, SSR_BREAKER_COOLDOWN_MS, REMOTE_<NAME>_URL, REMOTE_<NAME>_SERVER_URL, REMOTE_<NAME>_PUBLIC_KEY */
  env: Record<string, string | undefined>;
  /** web's port, or a function answering it once web listens (read at the first render) */
  webPort: number | (() => number);
  /** where web reaches itself for the remotes it serves (default http://127.0.0.1:<webPort>) */
  selfOrigin?: string;
  /**
   * The remotes web serves itself (package dir → its dist/): their files are read from disk rather than fetched from
   * web's own `/remotes/<dir>/`, which never hands out a server bundle.
   */
  localRemotes?: ReadonlyMap<string, string>;
  bundlePath?: string;
  log?: (message: string) => void;
  /** the remotes' trusted signing keys (default: loadRemoteTrust(env), which throws on a configuration web refuses) */
  trust?: RemoteTrust;
  /** a remote's server code was refused (the metric; a log line is written too) */
  onRemoteRefused?: (remote: string, reason: string) => void;
  // seams for tests
  loadBundle?: (file: string) => Promise<ShellServerBundle>;
  fetchText?: (url: string, timeoutMs: number) => Promise<string>;
  fetchBytes?: (url: string, timeoutMs: number) => Promise<Buffer>;
  now?: () => number;
  timer?: (ms: number) => Timer;
}

const DEFAULT_BUNDLE = path.join(shellDir, 'dist/server/main.js');

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

function realTimer(ms: number): Timer {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<void>((resolve) => {
    handle = setTimeout(resolve, Math.max(0, ms));
  });
  return { promise, cancel: () => clearTimeout(handle) };
}

async function fetchTextWithTimeout(url: string, timeoutMs: number): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'cache-control': 'no-cache' } });
  if (!res.ok) throw new Error(`GET ${url} ${res.status}`);
  return res.text();
}

/** Past this a server script is refused rather than held in memory (a remote's largest is ~1 MB). */
const MAX_SCRIPT_BYTES = 16 * 1024 * 1024;

async function fetchBytesWithTimeout(url: string, timeoutMs: number): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'cache-control': 'no-cache' } });
  if (!res.ok) throw new Error(`GET ${url} ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_SCRIPT_BYTES) throw new Error(`GET ${url}: over ${MAX_SCRIPT_BYTES} bytes`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_SCRIPT_BYTES) throw new Error(`GET ${url}: over ${MAX_SCRIPT_BYTES} bytes`);
  return bytes;
}

// the bundle's federation runtime lives for the whole process: require it once, whoever asks
const requireBundle = (file: string) => Promise.resolve(createRequire(import.meta.url)(file) as ShellServerBundle | Promise<ShellServerBundle>);

const LATE: unique symbol = Symbol('late');
const OUTER_GRACE_MS = 200;

export function createSsrRuntime(options: SsrRuntimeOptions): SsrRuntime {
  const { env } = options;
  const log = options.log ?? ((message: string) => console.log(message));
  const now = options.now ?? Date.now;
  const timer = options.timer ?? realTimer;
  const trust = options.trust ?? loadRemoteTrust(env);
  const budgetMs = positive(env.SSR_RENDER_BUDGET_MS, 300);
  const bundlePath = options.bundlePath ?? DEFAULT_BUNDLE;
  const selfOrigin = () => options.selfOrigin ?? `http://127.0.0.1:${typeof options.webPort === 'function' ? options.webPort() : options.webPort}`;
  /** The file of a URL of a remote web serves itself (inside that remote's dist/), else null. */
  const localFile = (url: string): string | null => {
    const prefix = `${selfOrigin()}/remotes/`;
    if (!options.localRemotes || !url.startsWith(prefix)) return null;
    const [dir, ...rest] = url.slice(prefix.length).split('?')[0].split('/');
    const root = options.localRemotes.get(dir);
    if (!root) return null;
    const file = path.resolve(root, ...rest);
    return file.startsWith(path.resolve(root) + path.sep) ? file : null;
  };
  const fetchText = (url: string, timeoutMs: number) => {
    const file = localFile(url);
    return file ? Promise.resolve().then(() => readFileSync(file, 'utf8')) : (options.fetchText ?? fetchTextWithTimeout)(url, timeoutMs);
  };
  const fetchBytes = (url: string, timeoutMs: number) => {
    const file = localFile(url);
    return file ? Promise.resolve().then(() => readFileSync(file)) : (options.fetchBytes ?? fetchBytesWithTimeout)(url, timeoutMs);
  };

  let bundle: ShellServerBundle | null = null;
  let watch: RemoteWatch | null = null;
  let firstCheck: Promise<void> = Promise.resolve();
  // at the first render, when web listens (the remotes it serves itself are fetched from it over loopback)
  const begin = (loaded: ShellServerBundle): RemoteWatch => {
    if (watch) return watch;
    const remotes = serverRemotes(env, selfOrigin());
    // the federation runtime fetches remote code with the global fetch: verified bytes only (signedRemotes.ts)
    installSignedFetch();
    // a remote's first load (entry and chunks, from the verified bytes) can take longer than a render budget: warm it up
    const register = (list: { name: string; entry: string }[], o: { force: boolean }) => {
      loaded.registerServerRemotes(list, o);
      loaded.preloadServerRemotes?.(list.map((r) => r.name)).catch(() => undefined);
    };
    const pollTimeoutMs = positive(env.SSR_REMOTE_POLL_TIMEOUT_MS, 2000);
    watch = new RemoteWatch(remotes, {
      intervalMs: positive(env.SSR_REMOTE_POLL_MS, 5000),
      now,
      fetchText: (url) => fetchText(url, pollTimeoutMs),
      // a remote's scripts together are a few MB: more time than a manifest
      fetchBytes: (url) => fetchBytes(url, pollTimeoutMs * 5),
      keysFor: (name) => trust.keys.get(name) ?? [],
      register,
      log,
      onRefused: options.onRemoteRefused,
    });
    // nothing of a remote is registered before its code is verified (or refused: an entry that cannot load)
    // the first check (and with it each remote's CSS) is awaited by the first renders; later ones run beside them
    firstCheck = watch.refreshIfDue();
    return watch;
  };
  const breakerOptions = {
    failureThreshold: positive(env.SSR_BREAKER_FAILURES, 3),
    coolDownMs: positive(env.SSR_BREAKER_COOLDOWN_MS, 30_000),
    now,
  };
  const breakers = new Map<string, CircuitBreaker>(REMOTES.map((r) => [r.name, new CircuitBreaker(breakerOptions)]));

  let loading: Promise<void>;
  if (!options.loadBundle && !existsSync(bundlePath)) {
    log(`ssr: off, ${bundlePath} is missing (pnpm --filter shell build)`);
    loading = Promise.resolve();
  } else {
    loading = (options.loadBundle ?? requireBundle)(bundlePath).then(
      (loaded) => {
        bundle = loaded;
        // with web's port known, register and warm the remotes now rather than on the first request
        if (typeof options.webPort === 'number' || options.selfOrigin) begin(loaded);
      },
      (error: unknown) => log(`ssr: off, ${bundlePath} failed to load: ${(error as Error).stack ?? String(error)}`),
    );
  }
  // one line per failure: the breaker bounds them to a few per cool-down
  const failed = (remote: string, why: string) => {
    // a remote whose server code was refused goes out as its skeleton by design (said once when it was refused):
    // no failure of its breaker, so its pages keep the shell's server render
    if (watch?.refused(remote)) return;
    const opened = breakers.get(remote)?.failed();
    log(`ssr: ${remote} ${why}${opened ? `; its pages are client-rendered for ${breakerOptions.coolDownMs} ms` : ''}`);
    if (opened) watch?.evict(remote);
  };

  async function renderWithin(loaded: ShellServerBundle, req: Omit<SsrRequest, 'budgetMs'>, started: number): Promise<SsrResult> {
    const current = begin(loaded);
    await firstCheck;
    void current.refreshIfDue();
    return loaded.render({ ...req, budgetMs: Math.max(0, budgetMs - (now() - started)) });
  }

  return {
    ready: () => bundle !== null,
    cssFor: (remote, origin) => watch?.cssFor(remote, origin) ?? [],
    stylesFor: (remote, origin) => watch?.stylesFor(remote, origin) ?? [],
    scriptsFor: (remote, origin) => watch?.scriptsFor(remote, origin) ?? [],
    async render(req) {
      await loading;
      const loaded = bundle;
      if (!loaded) return null;
      const match = matchRoute(new URL(req.url, 'http://ssr.invalid').pathname);
      // a page web knows does not exist is the shell's 404 page: no remote in it, nothing for its breaker to count
      const remote = match?.valid && !req.notFound ? match.route.remote : null;
      if (remote && !breakers.get(remote)?.allows()) return null;

      const started = now();
      // the bundle keeps the budget itself (a late remote becomes its skeleton, a late render is cut short); this
      // outer deadline only catches a render that does not keep it
      const deadline = timer(budgetMs + OUTER_GRACE_MS);
      let result: SsrResult | typeof LATE;
      try {
        result = await Promise.race([renderWithin(loaded, req, started), deadline.promise.then((): typeof LATE => LATE)]);
      } catch (error) {
        if (remote) failed(remote, `render failed (${(error as Error).message})`);
        else log(`ssr: render of ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
        return null;
      } finally {
        deadline.cancel();
      }
      if (result === LATE) {
        if (remote) failed(remote, `over the ${budgetMs} ms render budget`);
        return null;
      }
      // the render leaves out a remote that failed or was late (its slot is the skeleton): a page, but a failure
      if (remote && result.remote !== remote) failed(remote, 'did not load in time');
      else if (remote) breakers.get(remote)?.succeeded();
      return result;
    },
  };
}
