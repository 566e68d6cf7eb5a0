// web's page answers: the §2 redirect lookup, then the document (document.ts), compressed; and the files
// search engines and link previews ask for (robots.txt, sitemap.xml, the Open Graph image and the logo).
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ID_COOKIE, LOCALE_COOKIE, negotiateLocale, parseCookies, REDIRECT_STATUS, THEME_COOKIE } from 'shared-contracts';
import { acceptedEncodings, NO_CACHE } from 'tooling/static-files';
import { SharedEncoding, sendCompressed, sendEncoded, sendShared, streamEncodingFor } from './compress';
import { NoncedGzip } from './noncedGzip';
import { createDocumentRenderer } from './document';
import { createRedirectLookup } from './redirects';
import { NONCE_MARK, newNonce } from './securityHeaders';
import { redirectLocation, type SsrResult } from 'shell/for-web';
import { createContentPaths, createPairPaths, robotsTxt, sitemapXml } from './sitemap';
import { escapeHtml, styleTag } from './html';
import { TtlCache } from './ttlCache';
import { consentKey } from './consent';
import { securityTxt, webManifest } from './siteFiles';
import { type ApiTarget, apiBaseOf } from './upstream';
import { INLINE_CSS_MAX_BYTES } from './ssr/remotes';
import type { SsrRuntime } from './ssr/runtime';
import { shellDir } from './shellPackage';

const publicDir = path.join(shellDir, 'public');
const PUBLIC_FILES: Record<string, string> = {
  '/og-image.png': 'og-image.png',
  '/logo.png': 'logo.png',
  '/favicon.svg': 'favicon.svg',
  // issue 24: the app icons (shell/scripts/brand-images.mjs draws them)
  '/favicon.ico': 'favicon.ico',
  '/apple-touch-icon.png': 'apple-touch-icon.png',
  '/icon-192.png': 'icon-192.png',
  '/icon-512.png': 'icon-512.png',
};
const PUBLIC_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

export interface PageOptions {
  /** the api: one URL or web's replica list (apiUpstream.ts) */
  apiUrl: ApiTarget;
  /** shell/dist/index.html */
  indexFile: string;
  env: Record<string, string | undefined>;
  /** the origin the visitor used, and the X-Forwarded-* the api trusts (edge.ts) */
  forwarded: (req: FastifyRequest) => { origin: string; headers: Record<string, string> };
  /** server rendering of the body (ssr/); null or absent: the browser renders it */
  ssr?: () => SsrRuntime | null;
  /** /remotes.json, handed to a server-rendered page so the browser hydrates without asking for it first */
  remotes?: () => Record<string, string>;
}

export function createPageResponder(options: PageOptions) {
  const redirectFor = createRedirectLookup({ apiUrl: options.apiUrl });
  // SSR_GUEST_CACHE_MS (default 1000, 0 = off): a guest's page is the same for every guest for a moment; a burst of
  // visitors (or a crawler) costs one render per page and second instead of one each. Past 60% of that moment the next
  // guest's visit renders the page again in the background while the guests go on getting the one they share, so no
  // guest waits for a render while a page is being asked for; none gets a page older than SSR_GUEST_CACHE_MS.
  const guestCacheMs = Number(options.env.SSR_GUEST_CACHE_MS ?? 1000);
  const guestPages = Number.isFinite(guestCacheMs) && guestCacheMs > 0 ? new TtlCache<GuestPage>(2 * guestCacheMs, 500) : null;
  const refreshAfterMs = guestCacheMs * 0.6;
  const distDir = path.dirname(options.indexFile);
  const cssTexts = new Map<string, string | undefined>();
  // the shell's own start-up stylesheets, inlined in every page's head (a hashed file never changes)
  const cssOf = (href: string): string | undefined => {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
    if (!cssTexts.has(href)) {
      const file = path.join(distDir, href);
      const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      cssTexts.set(href, text !== undefined && Buffer.byteLength(text) <= INLINE_CSS_MAX_BYTES ? text : undefined);
    }
    return cssTexts.get(href);
  };
  const documents = createDocumentRenderer({ apiUrl: options.apiUrl, env: options.env, template: () => readFileSync(options.indexFile, 'utf8'), cssOf });
  return async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = req.raw.url ?? '/';
    const at = url.indexOf('?');
    const pathname = at < 0 ? url : url.slice(0, at);
    const { origin, headers } = options.forwarded(req);
    const redirect = await redirectFor(pathname, headers);
    if (redirect)
      return reply
        .code(REDIRECT_STATUS)
        .header('location', redirectLocation(redirect, at < 0 ? '' : url.slice(at)))
        .send();
    const cookies = parseCookies(req.headers.cookie);
    const guestKey = guestPages ? guestPageKey(url, origin, cookies, req.headers['accept-language']) : null;
    const render = () => renderPage(req, url, origin, headers, cookies);
    const answer = await (guestKey && guestPages ? guestPage(guestPages, guestKey, render) : render());
    if (answer.kind === 'redirect')
      return reply.code(302).header('cache-control', NO_CACHE).header('vary', 'Cookie, Accept-Language').header('location', answer.location).send();
    // the render is shared by the visitors of a moment, its scripts' nonce is this response's own (securityHeaders.ts):
    // the marker is replaced, then the page is encoded for this response (a whole shared page: its gzip made once,
    // the nonce spliced in, noncedGzip.ts)
    const nonce = req.cspNonce || newNonce();
    reply.code(answer.status).header('cache-control', NO_CACHE).header('vary', 'Cookie, Accept-Language');
    const html = 'text/html; charset=utf-8';
    if (guestKey && answer.complete && acceptsGzip(req)) {
      answer.complete.gzip ??= new NoncedGzip(answer.complete.html, NONCE_MARK);
      return sendEncoded(req, reply, html, 'gzip', answer.complete.gzip.with(nonce));
    }
    const withNonce = (text: string) => text.replaceAll(NONCE_MARK, nonce);
    const shared = new SharedEncoding(streamEncodingFor(req), withNonce(answer.head), answer.tail.then(withNonce));
    return sendShared(req, reply, html, shared);
  };

  /**
   * The guests' page of `key`: the one being shared, else a render they all wait for. A page whose render was not
   * complete (a slot fell back to its skeleton, a redirect) is not shared.
   */
  function guestPage(cache: TtlCache<GuestPage>, key: string, render: () => Promise<PageAnswer>): Promise<PageAnswer> {
    const now = Date.now();
    const current = cache.get(key);
    if (current && now - current.renderedAt < guestCacheMs) {
      if (current.shared && !current.next && now - current.renderedAt >= refreshAfterMs) {
        const next: GuestPage = { answer: render(), renderedAt: now, shared: false };
        const attempt = { answer: next.answer, failed: false };
        current.next = attempt;
        // a refresh that is not complete is not tried again: the page is rendered afresh once its moment is over
        void shareable(next.answer).then((ok) => {
          next.shared = ok;
          if (ok) cache.set(key, next);
          else attempt.failed = true;
        });
      }
      return current.answer;
    }
    // past its moment while its successor is still rendering: the guests wait for that render rather than start another
    if (current?.next && !current.next.failed) return current.next.answer;
    // concurrent guests asking for the same page wait for this one render
    const entry: GuestPage = { answer: render(), renderedAt: now, shared: false };
    cache.set(key, entry);
    void shareable(entry.answer).then((ok) => {
      entry.shared = ok;
      if (!ok && cache.get(key) === entry) cache.delete(key);
    });
    return entry.answer;
  }

  /**
   * The page in two parts: the head as soon as the status, the head tags and the page's remote are known (and any
   * redirect of the render ruled out), the body once it is rendered.
   */
  async function renderPage(
    req: FastifyRequest,
    url: string,
    origin: string,
    headers: Record<string, string>,
    cookies: Record<string, string>,
  ): Promise<PageAnswer> {
    const plan = await documents.plan({ url, cookieHeader: req.headers.cookie, origin, apiHeaders: headers });
    const ssr = plan.status === 500 ? null : (options.ssr?.() ?? null);
    let decided: () => void = () => undefined;
    const whenDecided = new Promise<typeof DECIDED>((resolve) => {
      decided = () => resolve(DECIDED);
    });
    // the body of the page, rendered with the visitor's cookies (the api sees the visitor's own call); null: the
    // browser renders it, as before server rendering
    const rendering: Promise<SsrResult | null> = ssr
      ? ssr
          .render({
            url,
            cookies,
            acceptLanguage: req.headers['accept-language'],
            origin,
            apiBaseUrl: apiBaseOf(options.apiUrl),
            apiHeaders: req.headers.cookie ? { ...headers, cookie: req.headers.cookie } : headers,
            notFound: plan.status === 404,
            onDecided: () => decided(),
            nonce: NONCE_MARK,
          })
          .catch(() => null)
      : Promise.resolve(null);
    const first = await Promise.race([whenDecided, rendering]);
    // the root's language (§4) and lk-redirect (§2) depend on cookies and languages: not cacheable, never 301
    if (first !== DECIDED && first?.redirect) return { kind: 'redirect', location: first.redirect };

    const remote = ssr && plan.status !== 404 && plan.match?.valid ? plan.match.route.remote : null;
    // the page's remote styles go in the head (inlined where web has their text); its scripts are preloaded by the
    // browser at the first paint (state `preload`, src/index.ts), not from the head, where they would compete with it
    const extraHead = remote
      ? (ssr?.stylesFor(remote, origin) ?? [])
          .map((s) => (s.text !== undefined ? styleTag(s.href, s.text) : `<link rel="stylesheet" href="${escapeHtml(s.href)}">`))
          .join('')
      : '';
    const preload = remote ? (ssr?.scriptsFor(remote, origin) ?? []) : [];
    const doc = documents.split(plan, extraHead);
    const body = rendering.then((rendered) => (rendered && !rendered.redirect ? rendered : null));
    const tail = body.then((rendered) =>
      doc.tail(rendered ? { rootHtml: rendered.html, state: { ...rendered.state, remotes: options.remotes?.(), preload } } : undefined),
    );
    // only a complete server render is shared: a page whose slot fell back to its skeleton is tried again
    const shareable = body.then((rendered) => !!rendered && rendered.remote === remote && (doc.status === 200 || doc.status === 404));
    const answer: PageAnswer = { kind: 'page', status: doc.status, head: doc.head, tail, shareable };
    tail.then(
      (rest) => {
        answer.complete = { html: doc.head + rest };
      },
      () => undefined,
    );
    return answer;
  }
}

/** Whether a page answer may be shared by the guests of a moment (never throws). */
const shareable = (pending: Promise<PageAnswer>): Promise<boolean> =>
  pending.then(
    (a) => (a.kind === 'page' ? a.shareable.catch(() => false) : false),
    () => false,
  );

const acceptsGzip = (req: FastifyRequest): boolean => acceptedEncodings(req.headers['accept-encoding'] ?? '').includes('gzip');

const DECIDED: unique symbol = Symbol('decided');

type PageAnswer =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      tail: Promise<string>;
      shareable: Promise<boolean>;
      /** the whole page once its tail is made; its gzip once a guest has asked for it */
      complete?: { html: string; gzip?: NoncedGzip };
    };

/**
 * A guest's page in the cache (kept twice its moment, served for its moment from `renderedAt`): `shared` once its
 * render proved complete; `next`, its successor's render once started.
 */
interface GuestPage {
  answer: Promise<PageAnswer>;
  renderedAt: number;
  shared: boolean;
  next?: { answer: Promise<PageAnswer>; failed: boolean };
}

/**
 * What a guest's page depends on: the URL, the site origin, and the cookies and language that change it. The
 * language is the one Accept-Language negotiates (§4; the render reads the header the same way), not the header's
 * text: browsers that word their languages differently but prefer the same locale share one render.
 */
function guestPageKey(url: string, origin: string, cookies: Record<string, string>, acceptLanguage: string | undefined): string | null {
  if (cookies[CLIENT_ID_COOKIE]) return null; // a visitor with a session gets a page of his own
  return [url, origin, cookies[THEME_COOKIE] ?? '', cookies[LOCALE_COOKIE] ?? '', consentKey(cookies), negotiateLocale(acceptLanguage)].join('\u0000');
}

export function registerSeoFiles(
  app: FastifyInstance,
  options: Pick<PageOptions, 'apiUrl' | 'forwarded'> & { env?: Record<string, string | undefined> },
): void {
  const pairPaths = createPairPaths(options.apiUrl);
  const contentPaths = createContentPaths(options.apiUrl);
  // issue 24: security.txt (RFC 9116; Expires computed per answer) and the web app manifest
  app.get('/.well-known/security.txt', (req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(securityTxt(options.forwarded(req).origin, { contact: options.env?.SECURITY_CONTACT, policy: options.env?.SECURITY_POLICY_URL })),
  );
  const manifest = JSON.stringify(webManifest());
  app.get('/manifest.webmanifest', (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('application/manifest+json; charset=utf-8').send(manifest),
  );
  app.get('/robots.txt', (req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(options.forwarded(req).origin)),
  );
  app.get('/sitemap.xml', async (req, reply) => {
    const [pairs, content] = await Promise.all([pairPaths(), contentPaths()]);
    const xml = sitemapXml(options.forwarded(req).origin, pairs, content);
    return sendCompressed(req, reply.header('cache-control', 'public, max-age=300'), 'application/xml; charset=utf-8', xml);
  });
  for (const [url, file] of Object.entries(PUBLIC_FILES)) {
    const body = readFileSync(path.join(publicDir, file));
    app.get(url, (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type(PUBLIC_TYPES[path.extname(file)] ?? 'application/octet-stream')
        .send(body),
    );
  }
}
