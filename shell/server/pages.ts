// web's page answers: the §2 redirect lookup, then the document (document.ts), compressed; and the files
// search engines and link previews ask for (robots.txt, sitemap.xml, the Open Graph image and the logo).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REDIRECT_STATUS } from 'shared-contracts';
import { NO_CACHE } from 'tooling/static-files';
import { sendCompressed } from './compress';
import { createDocumentRenderer } from './document';
import { createRedirectLookup, redirectLocation } from './redirects';
import { createPairPaths, robotsTxt, sitemapXml } from './sitemap';
import { escapeHtml } from './html';
import type { SsrRuntime } from './ssr/runtime';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const PUBLIC_FILES: Record<string, string> = { '/og-image.png': 'og-image.png', '/logo.png': 'logo.png' };

export interface PageOptions {
  apiUrl: string;
  /** shell/dist/index.html */
  indexFile: string;
  env: Record<string, string | undefined>;
  /** the origin the visitor used, and the X-Forwarded-* the api trusts (edge.ts) */
  forwarded: (req: FastifyRequest) => { origin: string; headers: Record<string, string> };
  /** server rendering of the body (shell/server/ssr); null or absent: the browser renders it */
  ssr?: () => SsrRuntime | null;
}

function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}

export function createPageResponder(options: PageOptions) {
  const redirectFor = createRedirectLookup({ apiUrl: options.apiUrl });
  const documents = createDocumentRenderer({ apiUrl: options.apiUrl, env: options.env, template: () => readFileSync(options.indexFile, 'utf8') });
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
    const plan = await documents.plan({ url, cookieHeader: req.headers.cookie, origin, apiHeaders: headers });
    const ssr = plan.status === 500 ? null : (options.ssr?.() ?? null);
    // the body of the page, rendered with the visitor's cookies (the api sees the visitor's own call); null: the
    // browser renders it, as before server rendering
    const rendered = ssr
      ? await ssr.render({
          url,
          cookies: parseCookieHeader(req.headers.cookie),
          acceptLanguage: req.headers['accept-language'],
          origin,
          apiBaseUrl: options.apiUrl,
          apiHeaders: req.headers.cookie ? { ...headers, cookie: req.headers.cookie } : headers,
        })
      : null;
    // the root's language (§4) and lk-redirect (§2) depend on cookies and languages: not cacheable, never 301
    if (rendered?.redirect)
      return reply.code(302).header('cache-control', NO_CACHE).header('vary', 'Cookie, Accept-Language').header('location', rendered.redirect).send();
    let page = plan;
    if (rendered && ssr) {
      const css = rendered.remote ? ssr.cssFor(rendered.remote, origin) : [];
      const scripts = rendered.remote ? ssr.scriptsFor(rendered.remote, origin) : [];
      // the page's remote scripts start downloading with the HTML, not after the shell's own start-up
      const links = [
        ...css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
        ...scripts.map((href) => `<link rel="preload" as="script" href="${escapeHtml(href)}">`),
      ].join('');
      page = { ...plan, parts: { ...plan.parts, head: `${plan.parts.head}${links}` } };
    }
    const doc = documents.document(page, rendered ? { rootHtml: rendered.html, state: rendered.state } : undefined);
    return sendCompressed(
      req,
      reply.code(doc.status).header('cache-control', NO_CACHE).header('vary', 'Cookie, Accept-Language'),
      'text/html; charset=utf-8',
      doc.html,
    );
  };
}

export function registerSeoFiles(app: FastifyInstance, options: Pick<PageOptions, 'apiUrl' | 'forwarded'>): void {
  const pairPaths = createPairPaths(options.apiUrl);
  app.get('/robots.txt', (req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(options.forwarded(req).origin)),
  );
  app.get('/sitemap.xml', async (req, reply) => {
    const xml = sitemapXml(options.forwarded(req).origin, await pairPaths());
    return sendCompressed(req, reply.header('cache-control', 'public, max-age=300'), 'application/xml; charset=utf-8', xml);
  });
  for (const [url, file] of Object.entries(PUBLIC_FILES)) {
    const body = readFileSync(path.join(publicDir, file));
    app.get(url, (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('image/png').send(body));
  }
}
