// The content service (§2 "blog and docs content comes from a blog service", §7): the Markdown of CONTENT_DIR
// (content/README.md) indexed once at start-up; a malformed file stops start-up with a message naming it.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { RegisterOptions } from '../../http/registerRoute';
import { loadContentIndex } from './contentIndex';
import { registerContentRoutes } from './routes';

export async function registerContentModule(app: FastifyInstance, config: Config, opts: RegisterOptions): Promise<void> {
  const content = await loadContentIndex(config.contentDir);
  app.log.info({ contentDir: config.contentDir, ...content.counts }, 'content indexed');
  registerContentRoutes(app, content, opts);
}
