// The content service's routes (§7 blog service GET per locale with category, slug, offset and per_page; post and
// docs scopes), registered from the shared-contracts route table. No authentication and no per-route rate limit: every
// answer is prepared in memory at start-up (no database, no disk), like the other public GETs. Nothing is logged per
// request (an unknown slug is a 404 a visitor typed, not an incident).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, apiRoutes } from 'shared-contracts/server';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import type { ContentIndex } from './contentIndex';

/** Content changes only with a deploy: browsers and shared caches may keep an answer a minute. */
const CACHE_CONTROL = 'public, max-age=60';
/** An image's address carries its content hash (`?v=`), so the bytes at an address never change. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An SVG opened on its own is a document: it may not run scripts or load anything. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const cacheable = <T>(reply: FastifyReply, answer: T): T => {
  reply.header('cache-control', CACHE_CONTROL);
  return answer;
};

export function registerContentRoutes(app: FastifyInstance, content: ContentIndex, opts: RegisterOptions): void {
  registerRoute(
    app,
    apiRoutes.blogPosts,
    ({ query, reply }) => cacheable(reply, content.blogList(query.locale, { category: query.category, offset: query.offset, perPage: query.per_page })),
    opts,
  );
  registerRoute(app, apiRoutes.blogEntry, ({ query, reply }) => cacheable(reply, content.blogEntry(query.locale, query.slug)), opts);
  registerRoute(app, apiRoutes.blogSidebar, ({ query, reply }) => cacheable(reply, content.blogSidebar(query.locale)), opts);
  registerRoute(app, apiRoutes.docsNav, ({ query, reply }) => cacheable(reply, content.docsNav(query.locale)), opts);
  registerRoute(app, apiRoutes.docsPage, ({ query, reply }) => cacheable(reply, content.docsPage(query.locale, query.slug)), opts);
  registerRoute(app, apiRoutes.contentRoadmap, ({ query, reply }) => cacheable(reply, content.roadmap(query.locale)), opts);
  registerRoute(app, apiRoutes.contentFaq, ({ query, reply }) => cacheable(reply, content.faq(query.locale)), opts);
  registerRoute(app, apiRoutes.contentLegal, ({ query, reply }) => cacheable(reply, content.legal(query.locale, query.slug)), opts);
  registerRoute(
    app,
    apiRoutes.contentImage,
    ({ params, reply }) => {
      const image = content.image(params.name);
      if (!image) throw ApiError.of('ERR_NOT_FOUND', `No content image "${params.name}"`);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('content-security-policy', IMAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
    opts,
  );
}
