// The `web` process: shell HTML + assets, every remote's assets under /remotes/<package>/ (unless the remote
// has its own URL), remotes.json, builds/latest.json, 301 normalisation, the referralID cookie, and a proxy
// of /api, /dict and the WebSocket /api/v2/ws to the api.
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { REDIRECT_STATUS, REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE_S } from 'shared-contracts';
import { normaliseUrl } from './normalise';
import { createReadStream } from 'node:fs';
import { cacheControlFor, IMMUTABLE, NO_CACHE, resolveStatic } from 'tooling/static-files';

export const REMOTES = [
  { name: 'mfe_exchange', pkg: 'mfe-exchange' },
  { name: 'mfe_order', pkg: 'mfe-order' },
  { name: 'mfe_profile', pkg: 'mfe-profile' },
  { name: 'mfe_blog', pkg: 'mfe-blog' },
  { name: 'mfe_docs', pkg: 'mfe-docs' },
] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWorkspace = path.resolve(here, '../..');

export { cacheControlFor, IMMUTABLE, NO_CACHE };

export interface WebServerOptions {
  /** shell/dist */
  distDir?: string;
  /** folder holding mfe-*\/dist */
  workspaceRoot?: string;
  apiUrl?: string;
  /** environment, read for REMOTE_<NAME>_URL */
  env?: Record<string, string | undefined>;
  logger?: boolean;
}

export function remoteEnvName(name: string) {
  return `REMOTE_${name.toUpperCase()}_URL`;
}

/** name → manifest URL; relative bases are made absolute against `origin`. */
export function remotesManifest(env: Record<string, string | undefined>, origin: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of REMOTES) {
    const own = env[remoteEnvName(r.name)]?.trim();
    const base = own ? own.replace(/\/+$/, '') : `${origin}/remotes/${r.pkg}`;
    out[r.name] = `${base}/mf-manifest.json`;
  }
  return out;
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
  const app = Fastify({ logger: options.logger ?? false });

  // 301 normalisation and the referral cookie, before anything else.
  app.addHook('onRequest', async (req, reply) => {
    const url = req.raw.url ?? '/';
    if (!isPageRequest(url)) return;
    const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
    const ref = query?.get('ref');
    if (ref) reply.header('set-cookie', `${REFERRAL_COOKIE}=${encodeURIComponent(ref)}; Max-Age=${REFERRAL_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`);
    const normal = normaliseUrl(url);
    if (normal) return reply.code(REDIRECT_STATUS).header('location', normal).send();
  });

  // web is the site's edge: the api (trustProxy) learns the site's own origin from these, which its CSRF
  // guard compares with the browser's Origin and its cookie flags (Secure) follow.
  const replyOptions = {
    rewriteRequestHeaders: (req: { host: string; protocol: string }, headers: Record<string, string | string[] | undefined>) => ({
      ...headers,
      'x-forwarded-host': req.host,
      'x-forwarded-proto': req.protocol,
    }),
  };
  await app.register(httpProxy, { upstream: apiUrl, prefix: '/api', rewritePrefix: '/api', websocket: true, replyOptions });
  await app.register(httpProxy, { upstream: apiUrl, prefix: '/dict', rewritePrefix: '/dict', replyOptions });

  app.get('/remotes.json', async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply.header('cache-control', NO_CACHE).send(remotesManifest(env, origin));
  });

  app.get('/builds/latest.json', async (_req, reply) => {
    const file = path.join(distDir, 'builds/latest.json');
    const body = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { buildId: null };
    return reply.header('cache-control', NO_CACHE).send(body);
  });

  const remoteRoots = new Map<string, string>();
  for (const r of REMOTES) if (!env[remoteEnvName(r.name)]) remoteRoots.set(r.pkg, path.join(workspaceRoot, r.pkg, 'dist'));

  const hasDist = existsSync(path.join(distDir, 'index.html'));

  const serve = (reply: FastifyReply, root: string, rel: string, cors: boolean, head: boolean) => {
    const found = resolveStatic(root, rel);
    if (!found) return false;
    reply.header('cache-control', cacheControlFor(found.file)).header('content-length', found.size).type(found.type);
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
      if (root && serve(reply, root, rest, true, req.method === 'HEAD')) return reply;
      return reply.code(404).header('access-control-allow-origin', '*').header('cache-control', NO_CACHE).send({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `Not found: ${req.url}` });
    },
  });

  const sendIndex = (reply: FastifyReply) => {
    if (!hasDist) return reply.code(503).type('text/plain; charset=utf-8').send('shell/dist is missing: run `pnpm --filter shell build`');
    return reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(readFileSync(path.join(distDir, 'index.html')));
  };

  app.get('/', (_req, reply) => sendIndex(reply));

  // SPA fallback: every page route gets index.html; missing assets stay 404.
  app.setNotFoundHandler((req, reply) => {
    const p = (req.raw.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && p !== '/index.html' && hasDist && serve(reply, distDir, p, false, req.method === 'HEAD')) return reply;
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(p) || p.startsWith('/assets/') || p.startsWith('/remotes/');
    if (req.method === 'GET' && isPageRequest(p) && !looksLikeFile) return sendIndex(reply);
    return reply.code(404).header('cache-control', NO_CACHE).send({ statusCode: 404, code: 'ERR_NOT_FOUND', message: `Not found: ${p}` });
  });

  return app;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const port = Number(process.env.WEB_PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  buildWebServer({ logger: true })
    .then((app) => app.listen({ port, host }))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
