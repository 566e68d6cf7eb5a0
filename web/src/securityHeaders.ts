// The browser security headers of every web answer (issue 24): a Content-Security-Policy whose scripts run by a
// nonce made for each response ('strict-dynamic': the federation runtime and webpack add the remotes' scripts),
// no framing by another site (clickjacking of /profile/keys or an order page), HSTS on an https site, nosniff, a
// referrer that never carries a path to another origin (order URLs carry the destination address) and the camera
// for the site itself only (the QR scanner).
//
// A small hook rather than @fastify/helmet: helmet's per-response nonces go into style-src too, which turns off the
// 'unsafe-inline' the pages' styles need (below), and the connect-src of a response depends on the origin the
// visitor used (its own WebSocket origin).
import { randomBytes, randomFillSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reachabilityUrl } from 'shell/for-web';

/** Browser features: the camera for the site itself (the QR scanner of the exchange form), nothing else. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The marker web writes wherever a page needs the response's nonce (its scripts' `nonce` attribute, React's own
 * inline scripts): random for the process, replaced in every response, so no page ever shows it and no content can
 * guess it.
 */
export const NONCE_MARK = `nonce-${randomBytes(18).toString('hex')}`;

const NONCE_BYTES = 16;
// nonces are cut from a block of random bytes filled 256 at a time (one call to the system's generator instead of one
// per response); each 16 bytes are used once
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/** A fresh nonce: 128 bits, base64. */
export function newNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** `<script` tags of a template that run (not JSON data blocks) get the nonce marker. */
export function markScripts(html: string): string {
  return html.replace(/<script\b([^>]*)>/gi, (tag, attrs: string) => {
    if (/\snonce=/i.test(attrs)) return tag;
    const type = /\stype=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
    const t = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').toLowerCase();
    if (t.includes('json')) return tag;
    return `<script nonce="${NONCE_MARK}"${attrs}>`;
  });
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

export interface CspOptions {
  /** the origin the visitor used (edge.ts siteOrigin) */
  siteOrigin: string;
  nonce: string;
  /** REMOTE_<NAME>_URL origins (remotes served from their own host) */
  remoteOrigins: readonly string[];
  /** REACHABILITY_URL's origin (§4: the browser asks it to tell offline from "our service is down") */
  reachabilityOrigin?: string;
  /**
   * NODE_ENV=development (never in production): a remote served by its webpack dev server (README "Develop it inside
   * the composed site") runs eval source maps and reloads over its own WebSocket: 'unsafe-eval' and ws: to the remotes.
   */
  development?: boolean;
}

/**
 * The policy of one response.
 * - script-src: the nonce and 'strict-dynamic' (browsers of CSP 3 then ignore the host list, which is the fallback
 *   of older ones); no 'unsafe-inline', no 'unsafe-eval'. 'wasm-unsafe-eval' compiles WebAssembly only (the QR
 *   scanner's zxing-wasm reader, where the browser has no BarcodeDetector), never JavaScript.
 * - style-src 'unsafe-inline': the server render sends React's `style` attributes (skeleton sizes, coin colours, the
 *   loading bar) and web inlines the start-up stylesheets; Redoc (styled-components) adds `<style>` elements at run
 *   time. A nonce there would turn 'unsafe-inline' off and break all three; styles cannot run code.
 * - img-src data: and blob: (icons inlined by the build, the preview of a KYC document chosen on the device).
 * - connect-src: the api and its WebSocket on the site's own origin, the remotes' manifests, the reachability probe.
 */
export function contentSecurityPolicy(o: CspOptions): string {
  const site = new URL(o.siteOrigin);
  const ws = `${site.protocol === 'https:' ? 'wss:' : 'ws:'}//${site.host}`;
  const remotes = [...new Set(o.remoteOrigins)].filter((r) => r !== site.origin);
  const list = (...items: (string | undefined)[]) => [...new Set(items.filter((i): i is string => !!i))].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list(`'nonce-${o.nonce}'`, "'strict-dynamic'", "'wasm-unsafe-eval'", o.development ? "'unsafe-eval'" : undefined, "'self'", ...remotes)],
    ['style-src', list("'self'", "'unsafe-inline'", ...remotes)],
    ['img-src', list("'self'", 'data:', 'blob:', ...remotes)],
    ['font-src', list("'self'", 'data:', ...remotes)],
    ['connect-src', list("'self'", ws, ...remotes, ...(o.development ? remotes.map((r) => r.replace(/^http/, 'ws')) : []), o.reachabilityOrigin)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['media-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (site.protocol === 'https:') directives.push(['upgrade-insecure-requests', '']);
  return directives.map(([k, v]) => (v ? `${k} ${v}` : k)).join('; ');
}

/** The headers every web answer carries (the CSP aside). */
function baseSecurityHeaders(siteOrigin: string): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // No other site's window keeps a handle on ours (window.opener tricks, cross-site leaks): the site opens no
    // cross-origin popup that would need one.
    'cross-origin-opener-policy': 'same-origin',
  };
  if (siteOrigin.startsWith('https://')) headers['strict-transport-security'] = HSTS;
  return headers;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** this response's CSP nonce (securityHeaders.ts) */
    cspNonce: string;
  }
}

export interface SecurityHeadersOptions {
  env: Record<string, string | undefined>;
  /** REMOTE_<NAME>_URL values (main.ts remotesManifest) */
  remoteUrls: () => readonly string[];
  /** the origin a request was made on (edge.ts siteOrigin over the configured origins) */
  siteOrigin: (req: FastifyRequest) => string;
}

/** Every answer of web, whatever its route (pages, files, the api proxy, 404s, redirects), gets the set. */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const reachabilityOrigin = originOf(reachabilityUrl(options.env.REACHABILITY_URL));
  const development = options.env.NODE_ENV === 'development';
  const remoteOrigins = () => options.remoteUrls().flatMap((u) => originOf(u) ?? []);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (req: FastifyRequest) => {
    req.cspNonce = newNonce();
  });
  // the set of a site origin (and the remotes' configuration) is made once: a response only puts its nonce in
  const sets = new Map<string, { base: Record<string, string>; csp: [string, string] }>();
  const setFor = (siteOrigin: string) => {
    const key = `${siteOrigin} ${options.remoteUrls().join(' ')}`;
    let set = sets.get(key);
    if (!set) {
      const policy = contentSecurityPolicy({ siteOrigin, nonce: NONCE_SLOT, remoteOrigins: remoteOrigins(), reachabilityOrigin, development });
      const at = policy.indexOf(NONCE_SLOT);
      set = { base: baseSecurityHeaders(siteOrigin), csp: [policy.slice(0, at), policy.slice(at + NONCE_SLOT.length)] };
      if (sets.size >= 64) sets.clear();
      sets.set(key, set);
    }
    return set;
  };
  // onSend: a redirect is sent from a hook, a proxied answer carries the api's headers (web's set wins, but for a CSP
  // the api wrote for a page of its own)
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
    const set = setFor(options.siteOrigin(req));
    reply.headers(set.base);
    // a policy of the api's own (its sandbox provider pages: their one script by hash) is kept
    if (reply.hasHeader('content-security-policy')) return;
    const nonce = req.cspNonce || newNonce();
    reply.header('content-security-policy', `${set.csp[0]}${nonce}${set.csp[1]}`);
  });
}

/** Where a response's nonce goes in a policy made ahead (no nonce, being base64, has this character). */
const NONCE_SLOT = '\u0000';
