// Server rendering of one page request (DESIGN "Server rendering"): the same ShellApp the browser hydrates,
// rendered from a memory router with per-request stores, i18n and an API client bound to the request.
// Nothing here touches window, timers or sockets: stores are built but never started; effects do not run.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  acceptedLanguages,
  CLIENT_ID_COOKIE,
  createApiClient,
  routeTable,
  type ApiClient,
  type Health,
  type PageLoader,
  type RemoteName,
  type HostConfig,
  type LocaleCode,
  type Theme,
} from 'shared-contracts';
import { ShellApp, createMemoryRouter } from '../App';
import { RootStore } from '../stores/RootStore';
import { MemoryCookieJar, realClock } from '../stores/env';
import { createI18n } from '../i18n/createI18n';
import { PagesLoader } from '../federation/remotes';
import { FALLBACK_MARK } from '../federation/fallbackModule';
import type { InitialPageData } from '../app/ShellContext';
import { localePath, matchRoute, splitLocale } from '../routing/routes';
import { resolvePage, sessionState } from '../app/resolvePage';
import type { VisitRecordsEnv } from '../session/hostSession';
import type { SsrRequest, SsrResult } from './contract';
import { SSR_STATE_VERSION } from './state';

export type { SsrRequest, SsrResult } from './contract';

/** Test seam: how a remote's `./pages` is loaded (default: the federation runtime's loadRemote). */
export interface RenderOverrides {
  load?: (id: string) => Promise<unknown>;
  fetch?: typeof fetch;
}

/** Remotes' server entries (`name` → `http(s)://…/server/remoteEntry.js`); `force` replaces a redeployed one. */
export function registerServerRemotes(remotes: { name: string; entry: string }[], options: { force?: boolean } = {}): void {
  registerRemotes(remotes, { force: options.force ?? false });
}

/** Loads remotes' `./pages` ahead of their first request (web calls it at start and after a redeploy). */
export function preloadServerRemotes(names: string[]): Promise<unknown> {
  return Promise.allSettled(names.map((name) => loadRemote(`${name}/pages`)));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * React's streaming renderer, collected once every Suspense boundary is ready (lazy parts of the page included), so
 * the browser hydrates them instead of re-rendering them. Past the budget the render is aborted: boundaries still
 * waiting go out as their fallbacks, which the browser then renders itself.
 */
function renderAllReady(element: ReactNode, budgetMs: number, nonce?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let piped = false;
    const pipe = () => {
      if (piped) return;
      piped = true;
      stream.pipe(sink);
    };
    const stream = renderToPipeableStream(element, {
      nonce,
      // Everything is sent at once, when all is ready: a large finished boundary (a page in its own chunk, issue 27) is
      // written in place, not as its fallback with the content in a hidden element that only a script reveals (React
      // does that past ~12 KB to stream a page in parts, which this render never does; without JavaScript the
      // content stayed hidden).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        pipe();
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        // an error inside a boundary: React sends its fallback and the browser renders that part
        console.warn('[ssr] render error', error instanceof Error ? error.message : error);
      },
    });
    timer = setTimeout(
      () => {
        pipe();
        stream.abort();
      },
      Math.max(0, budgetMs),
    );
  });
}

/**
 * Public GETs whose answer is the same for every guest: the page loaders' instruments, default pair and floating
 * rate. Shared for a moment by concurrent renders, so a burst of visitors costs the api one call each, not one per
 * visitor; the page's live updates take over after hydration anyway. A fixed-rate quote is never shared.
 */
const SHARED_READS: readonly { path: string; ttlMs: number; when?: (url: URL) => boolean }[] = [
  { path: routeTable.instrumentsV2.path, ttlMs: 5_000 },
  { path: routeTable.pairsDefault.path, ttlMs: 5_000 },
  { path: routeTable.rateOne.path, ttlMs: 1_000, when: (url) => url.searchParams.get('rateMode') === 'FLOATING' },
];
const SHARED_READ_ENTRIES = 500;
const sharedReads = new Map<string, { at: number; ttlMs: number; answer: Promise<{ status: number; type: string; body: string }> }>();

function sharedRead(href: string, method: string, call: () => Promise<Response>): Promise<Response> {
  const url = new URL(href);
  const rule = method.toUpperCase() === 'GET' ? SHARED_READS.find((r) => r.path === url.pathname && (!r.when || r.when(url))) : undefined;
  if (!rule) return call();
  const now = Date.now();
  let entry = sharedReads.get(href);
  if (!entry || now - entry.at > entry.ttlMs) {
    const answer = call().then(async (res) => ({ status: res.status, type: res.headers.get('content-type') ?? 'application/json', body: await res.text() }));
    entry = { at: now, ttlMs: rule.ttlMs, answer };
    sharedReads.delete(href);
    sharedReads.set(href, entry);
    if (sharedReads.size > SHARED_READ_ENTRIES) sharedReads.delete(sharedReads.keys().next().value as string);
    // only answers worth sharing stay: an error is asked again by the next render
    answer.then(
      (a) => {
        if (a.status !== 200) sharedReads.delete(href);
      },
      () => sharedReads.delete(href),
    );
  }
  return entry.answer.then((a) => new Response(a.body, { status: a.status, headers: { 'content-type': a.type } }));
}

const HEALTH_WAIT_MS = 100;
const HEALTH_TTL_MS = 5_000;
const healthCache = new Map<string, { at: number; value: Promise<Health | undefined> }>();

/** GET /api/v1/health of one api, shared by the renders of a few seconds (one call, not one per page view). */
function healthOf(api: ApiClient, apiBaseUrl: string): Promise<Health | undefined> {
  const now = Date.now();
  const cached = healthCache.get(apiBaseUrl);
  if (cached && now - cached.at <= HEALTH_TTL_MS) return cached.value;
  const value = api.health().then(
    (h) => h as Health,
    () => undefined,
  );
  healthCache.set(apiBaseUrl, { at: now, value });
  return value;
}

function redirectTo(to: string, locale: LocaleCode, theme: Theme): SsrResult {
  return { status: 302, html: '', locale, theme, remote: null, redirect: to, state: { v: SSR_STATE_VERSION, remote: null, theme, locale } };
}

export async function render(req: SsrRequest, overrides: RenderOverrides = {}): Promise<SsrResult> {
  // the shell's build-time configuration (the same DefinePlugin value as the browser bundle), unless the caller says
  const built = typeof __SHELL_CONFIG__ === 'object' && __SHELL_CONFIG__ ? __SHELL_CONFIG__ : {};
  req = { ...req, shellConfig: { ...built, ...req.shellConfig } };
  const started = Date.now();
  const url = new URL(req.url, 'http://ssr.invalid');
  const cookies = new MemoryCookieJar(req.cookies);
  const guest = !req.cookies[CLIENT_ID_COOKIE];
  const api = createApiClient({
    baseUrl: req.apiBaseUrl,
    getClientId: () => undefined,
    fetch: (input, init) => {
      const headers = new Headers((init as RequestInit | undefined)?.headers ?? (input instanceof Request ? input.headers : undefined));
      for (const [k, v] of Object.entries(req.apiHeaders)) headers.set(k, v);
      const send = overrides.fetch ?? fetch;
      const call = () => (input instanceof Request ? send(new Request(input, { headers })) : send(input, { ...init, headers }));
      // a guest's public reads are everyone's: shared by the renders of a moment (a signed-in visitor's are his own)
      return guest
        ? sharedRead(input instanceof Request ? input.url : String(input), input instanceof Request ? input.method : (init?.method ?? 'GET'), call)
        : call();
    },
  });
  let themeAttr: Theme = req.shellConfig?.defaultTheme ?? 'light';
  const stores = new RootStore({
    clock: realClock,
    cookies,
    // by q-value, as the api's mails and web's page cache read the header (§4 Language)
    languages: acceptedLanguages(req.acceptLanguage),
    root: {
      setAttribute: (name, value) => {
        if (name === 'data-theme') themeAttr = value as Theme;
      },
    },
    sessionStorage: { getItem: () => null, setItem: () => undefined },
    defaultTheme: req.shellConfig?.defaultTheme ?? 'light',
    healthCheckOnStart: false,
    buildId: typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev',
    fetchHealth: () => api.health(),
    isReachable: () => Promise.resolve(true),
    fetchLatestBuild: () => Promise.resolve({}),
    reload: () => undefined,
    api,
    visitorId: () => Promise.reject(new Error('no visitor id on the server')),
    analyticsSink: () => undefined,
  });
  const timeLeft = () => req.budgetMs - (Date.now() - started);
  const { locale, prefix } = splitLocale(url.pathname);
  // First access at the root without a prefix: the cookie, else the browser languages, decide (§4) — here, so the
  // browser never rewrites the URL of a server-rendered page before hydrating it.
  if (url.pathname === '/' && !prefix) {
    const detected = stores.locale.detect();
    if (detected !== locale) return redirectTo(`${localePath('/', detected)}${url.search}`, locale, themeAttr);
  }
  stores.locale.applyFromUrl(locale);
  // Without the u_id cookie there is no session to load: the guest is known now, as in the browser's first render.
  // With it, the account load is the browser's (the page waits in both renders).
  if (!cookies.get(CLIENT_ID_COOKIE)) void stores.session.start();
  const i18n = createI18n(locale);
  const loader = new PagesLoader(i18n, overrides.load);

  // §4 health gating and the sandbox badge, as the browser's first render will show them
  const health = await withTimeout(healthOf(api, req.apiBaseUrl), Math.min(HEALTH_WAIT_MS, timeLeft()));
  if (health) {
    const sandbox = Object.values(health.sandbox ?? {}).some(Boolean);
    stores.health.restore({ status: health.status, sandbox, enabled: health.status === 'OK' });
  }

  const match = matchRoute(url.pathname);
  const resolution = resolvePage({
    match,
    search: url.search,
    healthEnabled: stores.health.enabled,
    reportedNotFound: req.notFound === true,
    session: sessionState(stores.session),
  });
  if (resolution.kind === 'redirect') return redirectTo(resolution.to, locale, themeAttr);
  const notFound = !match?.valid || req.notFound === true;
  req.onDecided?.();
  let remote: string | null = null;
  let initialPage: InitialPageData | undefined;
  if (resolution.kind === 'remote' && match?.valid) {
    const mod = await withTimeout(
      loader.get(match.route.remote).catch(() => undefined),
      timeLeft(),
    );
    if (mod && !mod[FALLBACK_MARK]) {
      remote = match.route.remote;
      // `loaders` (contract 1.2) is optional: a remote without one renders its loading state on the server
      const pageLoader = (mod as { loaders?: Record<string, PageLoader<RemoteName, never>> }).loaders?.[match.route.page];
      if (pageLoader) {
        // a loader that fails or runs out of time leaves the page to fetch in the browser, as a client-rendered one
        const data = await withTimeout(
          pageLoader({ params: match.params as never, query: url.searchParams, api, locale }).catch((error: unknown) => {
            console.warn(`[ssr] ${remote}/${match.route.page} loader failed`, error instanceof Error ? error.message : error);
            return undefined;
          }),
          timeLeft(),
        );
        if (data !== undefined) initialPage = { remote, page: match.route.page, data };
      }
    }
  }

  const wsProtocol = req.origin.startsWith('https:') ? 'wss:' : 'ws:';
  const config: HostConfig = {
    wsUrl: `${wsProtocol}//${new URL(req.origin).host}/api/v2/ws`,
    apiBaseUrl: req.origin,
    // the health's flag, as the browser's host reads it (stores.health.sandbox), so a page may render from it
    sandbox: stores.health.sandbox,
    partnerReferralParam: req.shellConfig?.partnerReferralParam ?? 'ref',
  };
  const visitEnv: VisitRecordsEnv = { cookieDocument: { cookie: '' }, isHttps: () => req.origin.startsWith('https:') };
  const router = createMemoryRouter(`${url.pathname}${url.search}`);
  // a remote that did not load in time is left out: its slot renders the skeleton, as the browser's first render will
  const serverLoader = { get: (r: string) => loader.get(r), peek: (r: string) => (r === remote ? loader.peek(r) : undefined) };
  const html = await renderAllReady(
    <ShellApp
      deps={{ stores, i18n, api, loader: serverLoader, config, visitEnv, initialPage, initialNotFound: notFound ? url.pathname : undefined }}
      router={router}
    />,
    timeLeft(),
    req.nonce,
  );

  const status = notFound ? 404 : 200;
  return {
    status,
    html,
    locale,
    theme: themeAttr,
    remote,
    state: {
      v: SSR_STATE_VERSION,
      remote,
      theme: themeAttr,
      locale,
      health: stores.health.snapshot,
      ...(notFound ? { notFound: true } : {}),
      page: initialPage && { name: initialPage.page, data: initialPage.data },
    },
  };
}
