// The `web` process: shell HTML + assets, every remote's assets under /remotes/<package>/ (unless the remote
// has its own URL), remotes.json, builds/latest.json, 301 normalisation, the referralID cookie, and a proxy
// of /api, /dict and the WebSocket /api/v2/ws to the api.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import compress from '@fastify/compress';
import { ACCESS_TOKEN_COOKIE, CLIENT_ID_COOKIE, REDIRECT_STATUS, REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE_S, readCookie } from 'shared-contracts';
import { referralCookieAllowed } from './consent';
import { normaliseUrl } from './normalise';
import { developmentOrigins, edgeHeaders, forwardedFor, loadWebConfig, siteOrigin, type EdgeRequest, type WebConfig } from './edge';
import { createReadStream } from 'node:fs';
import { cacheControlFor, IMMUTABLE, NO_CACHE, resolveStatic, staticHeaders } from 'tooling/static-files';
import { createPageResponder, registerSeoFiles } from './pages';
import { createSsrRuntime, type SsrRuntime } from './ssr/runtime';
import { loadRemoteTrust } from './ssr/signedRemotes';
import { createApiUpstream } from './apiUpstream';
import { type ApiProxyOptions, registerApiProxy } from './apiUpstreamProxy';
import { shutdownOnSignals } from 'server-kit/shutdown';
import { createWebLifecycle, shutdownConfig, type WebLifecycle } from './lifecycle/shutdown';
import { REMOTES } from 'shared-contracts/remotes';
import { installWebObservability, listenWebMetrics, timedSsr, webLoggerOptions, webRequestId } from './observability';
import type { LogStream } from 'server-kit/logging';
import { installSecurityHeaders } from './securityHeaders';

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWorkspace = path.resolve(here, '../..');

export { cacheControlFor, IMMUTABLE, NO_CACHE };

export interface WebServerOptions {
  /** shell/dist */
  distDir?: string;
  /** folder holding mfe-*\/dist */
  workspaceRoot?: string;
  apiUrl?: string;
  /** environment: REMOTE_<NAME>_URL, PUBLIC_ORIGIN, WEB_TRUST_PROXY, WEB_*_TIMEOUT_MS, WEB_MAX_CONNECTIONS */
  env?: Record<string, string | undefined>;
  /** pino with web's redaction, LOG_LEVEL and LOG_FORMAT (observability/logging.ts); default off */
  logger?: boolean;
  /** where log lines go instead of stdout (tests) */
  logStream?: LogStream;
  /** Graceful shutdown (lifecycle/shutdown.ts): the proxied WebSockets are tracked to be closed with 1012. */
  lifecycle?: WebLifecycle;
  /** server rendering (tests); default: the shell's server bundle in distDir/server, unless SSR=off */
  ssr?: SsrRuntime | null;
}

export function remoteEnvName(name: string) {
  return `REMOTE_${name.toUpperCase()}_URL`;
}

/**
 * name → manifest URL, from configuration only: REMOTE_<NAME>_URL, else the remote served by web itself as a
 * root-relative path (the shell resolves it against the page's own origin before registering it).
 */
export function remotesManifest(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of REMOTES) {
    const own = env[remoteEnvName(r.name)]?.trim();
    const base = own ? own.replace(/\/+$/, '') : `/remotes/${r.dir}`;
    out[r.name] = `${base}/mf-manifest.json`;
  }
  return out;
}

/** dist/server (the shell's or a remote's server bundle) and the shell's page template: web's own, never sent as files. */
function serverOnly(root: string, file: string): boolean {
  const rel = path.relative(path.resolve(root), file).split(path.sep);
  const name = rel.join('/').replace(/\.(br|gz)$/, '');
  return rel[0] === 'server' || name === 'index.html';
}

function isPageRequest(url: string) {
  const p = url.split('?')[0];
  return !p.startsWith('/api/') && p !== '/api' && !p.startsWith('/dict') && !p.startsWith('/assets/') && !p.startsWith('/remotes/');
}

export async function buildWebServer(options: WebServerOptions = {}): Promise<FastifyInstance> {
  const env = options.env ?? process.env;
  const workspaceRoot = options.workspaceRoot ?? defaultWorkspace;
  const distDir = options.distDir ?? path.join(workspaceRoot, 'shell/dist');
  const apiUrl = options.apiUrl ?? env.API_URL ?? 'http://127.0.0.1:3000';
  const upstream = createApiUpstream(apiUrl);
  const config: WebConfig = loadWebConfig(env);
  // Issue 24: the remotes' signing keys and https URLs (ssr/signedRemotes.ts); throws (no start) on what production refuses
  const remoteTrust = loadRemoteTrust(env);
  const app = Fastify({
    logger: options.logger ? webLoggerOptions(env, options.logStream) : false,
    // Issue 14: an id per request (a trusted load balancer's x-request-id), sent to the api; request lines by level
    // (observability/index.ts) instead of Fastify's two info lines per request.
    genReqId: webRequestId(config.trustProxy),
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy === false ? false : config.trustProxy.join(','),
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // Graceful shutdown (lifecycle/shutdown.ts): a request arriving while web closes gets the gate's catalogue 503.
    return503OnClosing: false,
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  const metrics = installWebObservability(app, { slowMs: Number(env.LOG_SLOW_REQUEST_MS) || undefined });
  for (const warning of remoteTrust.warnings) app.log.warn(warning);
  // GET /metrics on METRICS_HOST:WEB_METRICS_PORT (default 9465 for the web process; opt-in with an explicit env)
  listenWebMetrics(app, env, options.env ? null : 9465);
  app.server.maxConnections = config.maxConnections;

  const allowedOrigins = (): string[] => {
    if (config.publicOrigins.length > 0) return config.publicOrigins;
    const address = app.server.address();
    return developmentOrigins(typeof address === 'object' && address ? address.port : 0);
  };
  // issue 24: CSP with per-response nonces, frame-ancestors, HSTS on https, nosniff, Referrer- and Permissions-Policy
  installSecurityHeaders(app, {
    env,
    remoteUrls: () => REMOTES.flatMap((r) => env[remoteEnvName(r.name)]?.trim() || []),
    siteOrigin: (req) => siteOrigin(req.host, allowedOrigins()),
  });
  const secureCookies = () => allowedOrigins().every((o) => o.startsWith('https://'));
  const forwarded = (req: EdgeRequest) => ({
    for: forwardedFor(req, config.trustProxy !== false),
    origin: siteOrigin(req.host, allowedOrigins()),
    requestId: req.id,
  });

  const signedIn = (cookie: string | undefined) => !!readCookie(ACCESS_TOKEN_COOKIE, cookie) && !!readCookie(CLIENT_ID_COOKIE, cookie);
  // 301 normalisation and the referral cookie, before anything else.
  app.addHook('onRequest', async (req, reply) => {
    const url = req.raw.url ?? '/';
    if (!isPageRequest(url)) return;
    const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
    const ref = query?.get('ref');
    // §5 a referral id applies only to a visitor who is not signed in (session cookies on the page request, §6);
    // issue 24: and it is stored only with the visitor's consent to marketing cookies (the shell keeps it in memory
    // for the visit otherwise, and writes the cookie when consent is given)
    if (ref && !signedIn(req.headers.cookie) && referralCookieAllowed(req.headers.cookie))
      reply.header(
        'set-cookie',
        `${REFERRAL_COOKIE}=${encodeURIComponent(ref)}; Max-Age=${REFERRAL_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secureCookies() ? '; Secure' : ''}`,
      );
    const normal = normaliseUrl(url);
    if (normal) return reply.code(REDIRECT_STATUS).header('location', normal).send();
  });

  // The api trusts web's hop only: it keys its per-client limits on X-Forwarded-For, compares the browser's
  // Origin with X-Forwarded-Proto/Host (CSRF) and sets Secure cookies by them.
  const replyOptions = {
    rewriteRequestHeaders: (req: EdgeRequest, headers: Record<string, string | string[] | undefined>) => edgeHeaders(headers, forwarded(req)),
  };
  // The WebSocket upgrade to the api carries only what the api needs: the session cookie and the browser's Origin.
  // (@fastify/http-proxy honours wsClientOptions.rewriteRequestHeaders; its type declarations omit it.)
  const wsClientOptions = {
    rewriteRequestHeaders: (headers: Record<string, string>, req: EdgeRequest) => {
      const pass: Record<string, string | string[] | undefined> = { ...headers };
      if (req.headers.cookie) pass.cookie = req.headers.cookie;
      if (req.headers.origin) pass.origin = req.headers.origin;
      return edgeHeaders(pass, forwarded(req));
    },
  } as FastifyHttpProxyOptions['wsClientOptions'];
  // API_URL may list several api replicas (comma-separated): round-robin, a refused connection retried on another,
  // 503 ERR_SERVICE_UNAVAILABLE (§8) when none answers (apiUpstreamProxy.ts)
  await registerApiProxy(app, {
    upstream,
    rewriteRequestHeaders: replyOptions.rewriteRequestHeaders,
    wsClientOptions,
    wsHooks: options.lifecycle?.wsHooks as ApiProxyOptions['wsHooks'],
    replicaHeader: env.WEB_REPLICA_HEADER === 'on',
    // issue 24: 1 MiB per body unless set; the KYC upload streamed under its own limit (apiUpstreamProxy.ts)
    bodyLimit: env.WEB_API_BODY_LIMIT_BYTES ? Number(env.WEB_API_BODY_LIMIT_BYTES) : undefined,
    uploadBodyLimit: env.WEB_KYC_UPLOAD_LIMIT_BYTES ? Number(env.WEB_KYC_UPLOAD_LIMIT_BYTES) : undefined,
    onUpstreamError: ({ url, retried, error }) => {
      metrics.upstreamError(retried);
      app.log.warn({ upstream: url, retried, err: error }, 'api upstream error');
    },
  });
  // After the proxies: @fastify/compress hooks only the routes declared after it, so the proxied /api answers
  // and the WebSocket pass through as the api sent them.
  await app.register(compress, { encodings: ['br', 'gzip'] });

  const pageOptions = {
    apiUrl: upstream,
    env,
    forwarded: (req: EdgeRequest) => {
      const f = forwarded(req);
      return { origin: f.origin, headers: edgeHeaders({}, f) as Record<string, string> };
    },
  };
  registerSeoFiles(app, pageOptions);
  // Server rendering starts with the first page request (web's own port is known by then); SSR=off turns it off.
  let ssrRuntime: SsrRuntime | null | undefined = options.ssr && timedSsr(options.ssr, metrics);
  const ssr = () => {
    if (ssrRuntime !== undefined) return ssrRuntime;
    const address = app.server.address();
    const webPort = typeof address === 'object' && address ? address.port : Number(env.WEB_PORT ?? 8080);
    ssrRuntime =
      env.SSR === 'off'
        ? null
        : timedSsr(
            createSsrRuntime({
              env,
              webPort,
              bundlePath: path.join(distDir, 'server/main.js'),
              log: (m) => app.log.info(m),
              trust: remoteTrust,
              localRemotes: remoteRoots,
              onRemoteRefused: (remote) => metrics.remoteCodeRefused(remote),
            }),
            metrics,
          );
    return ssrRuntime;
  };
  // the shell's server bundle is required and each remote's pages warmed as soon as web listens, not on a visitor's time
  app.addHook('onListen', async () => {
    if (hasDist) ssr();
  });
  const sendPage = createPageResponder({ ...pageOptions, indexFile: path.join(distDir, 'index.html'), ssr, remotes: () => remotesManifest(env) });

  app.get('/remotes.json', async (_req, reply) => reply.header('cache-control', NO_CACHE).send(remotesManifest(env)));

  app.get('/builds/latest.json', async (_req, reply) => {
    const file = path.join(distDir, 'builds/latest.json');
    const body = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { buildId: null };
    return reply.header('cache-control', NO_CACHE).send(body);
  });

  const remoteRoots = new Map<string, string>();
  for (const r of REMOTES) if (!env[remoteEnvName(r.name)]) remoteRoots.set(r.dir, path.join(workspaceRoot, r.dir, 'dist'));

  const hasDist = existsSync(path.join(distDir, 'index.html'));

  const serve = (req: FastifyRequest, reply: FastifyReply, root: string, rel: string, cors: boolean) => {
    const found = resolveStatic(root, rel, req.headers['accept-encoding'] ?? '');
    // decided on the file the path resolves to, however it was encoded (`/%73erver/main.js`, `/server%2Fmain.js`):
    // an app's server code (dist/server) is never served, nor the page template itself
    if (!found || serverOnly(root, found.file)) return false;
    const head = req.method === 'HEAD';
    reply.headers(staticHeaders(found));
    if (cors) reply.header('access-control-allow-origin', '*');
    void reply.send(head ? '' : createReadStream(found.file));
    return true;
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/remotes/:pkg/*',
    handler: (req, reply) => {
      const { pkg, '*': rest } = req.params as { pkg: string; '*': string };
      const root = remoteRoots.get(pkg);
      if (root && serve(req, reply, root, rest, true)) return reply;
      return reply
        .code(404)
        .header('access-control-allow-origin', '*')
        .header('cache-control', NO_CACHE)
        .send({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `Not found: ${req.url}` });
    },
  });

  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    if (!hasDist) return reply.code(503).type('text/plain; charset=utf-8').send('shell/dist is missing: run `pnpm --filter shell build`');
    return sendPage(req, reply);
  };

  app.get('/', (req, reply) => sendIndex(req, reply));

  // SPA fallback: every page path gets its document (pages.ts: status, head); missing assets stay 404.
  app.setNotFoundHandler((req, reply) => {
    const p = (req.raw.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && hasDist && serve(req, reply, distDir, p, false)) return reply;
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(p) || p.startsWith('/assets/') || p.startsWith('/remotes/');
    if (req.method === 'GET' && isPageRequest(p) && !looksLikeFile) return sendIndex(req, reply);
    return reply
      .code(404)
      .header('cache-control', NO_CACHE)
      .send({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `Not found: ${p}` });
  });

  return app;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const port = Number(process.env.WEB_PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  // Issue 14: SIGTERM/SIGINT drain (503 + Connection: close, WebSockets closed with 1012), exit 0 or 1 past SHUTDOWN_TIMEOUT_MS.
  const lifecycle = createWebLifecycle();
  const shutdown = shutdownConfig(process.env);
  buildWebServer({ logger: true, lifecycle })
    .then(async (app) => {
      lifecycle.install(app);
      shutdownOnSignals({ close: () => lifecycle.drainAndClose(app, { graceMs: shutdown.graceMs }), timeoutMs: shutdown.timeoutMs, log: app.log });
      await app.listen({ port, host });
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
