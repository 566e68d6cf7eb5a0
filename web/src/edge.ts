// web is the site's edge (issue 7 "Client addresses"): what it tells the api about the visitor comes from
// its own socket and its own configuration, never from headers a client can choose.
import type { FastifyRequest } from 'fastify';

export interface WebConfig {
  /** PUBLIC_ORIGIN (comma-separated, like the api's): the origins the site is served on. */
  publicOrigins: string[];
  /** WEB_TRUST_PROXY: the load balancers in front of web whose X-Forwarded-* web believes; false = web is the edge. */
  trustProxy: string[] | false;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export const WEB_DEFAULTS = {
  /** Receiving a whole request (headers + body); a proxied response may take longer (order create: §9 200 s). */
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  /** Above the idle timeout of common load balancers (60 s), so they never reuse a connection web just closed. */
  keepAliveTimeoutMs: 72_000,
  maxConnections: 10_000,
} as const;

type Env = Record<string, string | undefined>;

/** What web reads of a request to forward it (Fastify resolves ip and host through WEB_TRUST_PROXY). */
export type EdgeRequest = Pick<FastifyRequest, 'ip' | 'host' | 'headers'> & { id?: string };

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`Invalid configuration: ${name}: a positive whole number expected, got "${raw}"`);
  return Number(raw);
}

function parsePublicOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`Invalid configuration: PUBLIC_ORIGIN: "${item}" is not a URL (expected e.g. https://exchange.example)`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash) {
      throw new Error(`Invalid configuration: PUBLIC_ORIGIN: "${item}" must be an http(s) origin without a path`);
    }
    origins.push(url.origin);
  }
  return origins;
}

/**
 * WEB_TRUST_PROXY: addresses, CIDR ranges or the names loopback / linklocal / uniquelocal, comma-separated.
 * A hop count or `true` is refused: neither says who the immediate peer is, so any client reaching web
 * directly could name its own address (Fastify 5 treats a bare hop count as "trust nothing" for this reason).
 */
function parseTrustProxy(value: string | undefined): string[] | false {
  const raw = value?.trim() ?? '';
  if (!raw || raw === 'false') return false;
  if (raw === 'true' || /^\d+$/.test(raw)) {
    throw new Error(`Invalid configuration: WEB_TRUST_PROXY: "${raw}" does not name the load balancer; list its addresses or CIDR ranges (e.g. 10.0.0.0/8)`);
  }
  return raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

export function loadWebConfig(env: Env): WebConfig {
  return {
    publicOrigins: parsePublicOrigins(env.PUBLIC_ORIGIN),
    trustProxy: parseTrustProxy(env.WEB_TRUST_PROXY),
    requestTimeoutMs: positiveInt(env, 'WEB_REQUEST_TIMEOUT_MS', WEB_DEFAULTS.requestTimeoutMs),
    headersTimeoutMs: positiveInt(env, 'WEB_HEADERS_TIMEOUT_MS', WEB_DEFAULTS.headersTimeoutMs),
    keepAliveTimeoutMs: positiveInt(env, 'WEB_KEEP_ALIVE_TIMEOUT_MS', WEB_DEFAULTS.keepAliveTimeoutMs),
    maxConnections: positiveInt(env, 'WEB_MAX_CONNECTIONS', WEB_DEFAULTS.maxConnections),
  };
}

/** Without PUBLIC_ORIGIN (development): the port web listens on, on the loopback names a browser uses. */
export function developmentOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * The origin the visitor used, chosen from `allowed`: the one whose host is the request's (its Host header,
 * or a trusted load balancer's X-Forwarded-Host), else the first. A forged Host can only pick another
 * configured origin.
 */
export function siteOrigin(requestHost: string, allowed: readonly string[]): string {
  const host = requestHost.toLowerCase();
  return allowed.find((o) => hostOf(o) === host) ?? allowed[0];
}

// the configured origins' hosts, parsed once (siteOrigin runs several times per request)
const originHosts = new Map<string, string>();
function hostOf(origin: string): string {
  let host = originHosts.get(origin);
  if (host === undefined) {
    host = new URL(origin).host;
    if (originHosts.size >= 256) originHosts.clear();
    originHosts.set(origin, host);
  }
  return host;
}

/** Request headers through which a client could pose as another address, host or scheme to the api. */
const CLIENT_FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-real-ip',
];

/**
 * X-Forwarded-For for the api. Web as the edge: the socket's address, whatever the client sent. Behind a
 * trusted load balancer: the chain the balancer reported, ending at the client Fastify resolved through the
 * trusted hops (`req.ip`); the hops web trusts are dropped, so the api, which trusts only web, reads the
 * client as the last entry.
 */
export function forwardedFor(req: EdgeRequest, trustsUpstream: boolean): string {
  if (!trustsUpstream) return req.ip;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const at = chain.lastIndexOf(req.ip);
  return at >= 0 ? chain.slice(0, at + 1).join(', ') : req.ip;
}

/** The request headers the api receives through web (HTTP and the WebSocket upgrade alike). */
export function edgeHeaders(
  headers: Record<string, string | string[] | undefined>,
  forwarded: { for: string; origin: string; requestId?: string },
): Record<string, string | string[] | undefined> {
  const out = { ...headers };
  for (const name of CLIENT_FORWARDING_HEADERS) delete out[name];
  // Issue 14: web's id of the request (observability/index.ts), never one the visitor sent, so both logs tell the same story.
  delete out['x-request-id'];
  if (forwarded.requestId) out['x-request-id'] = forwarded.requestId;
  out['x-forwarded-for'] = forwarded.for;
  out['x-forwarded-host'] = hostOf(forwarded.origin);
  out['x-forwarded-proto'] = forwarded.origin.slice(0, forwarded.origin.indexOf(':'));
  return out;
}
