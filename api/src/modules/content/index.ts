// The content service (§2 "blog and docs content comes from a blog service", §7): the Markdown of CONTENT_DIR
// (content/README.md) indexed once at start-up; a malformed file stops start-up with a message naming it.
import type { FastifyInstance } from 'fastify';
import type { ModuleConfig } from '../../config';
import type { RegisterOptions } from '../../http/registerRoute';
import { loadContentIndex, type ContentIndex } from './contentIndex';
import { registerContentRoutes } from './routes';

export type { ContentIndex } from './contentIndex';

/**
 * One index per folder and process: the files change only with a deploy (a new process), and an app built again in
 * the same process (tests build many) need not read and render everything again. A failed load is not kept.
 */
const indexes = new Map<string, Promise<ContentIndex>>();
function contentIndexOf(dir: string): Promise<ContentIndex> {
  let index = indexes.get(dir);
  if (!index) {
    index = loadContentIndex(dir);
    indexes.set(dir, index);
    index.catch(() => indexes.delete(dir));
  }
  return index;
}

/** Registers the content routes; answers the index (e.g. for the SEO texts of a post's page). */
export async function registerContentModule(app: FastifyInstance, config: ModuleConfig<'content'>, opts: RegisterOptions): Promise<ContentIndex> {
  const content = await contentIndexOf(config.contentDir);
  app.log.info({ contentDir: config.contentDir, ...content.counts }, 'content indexed');
  registerContentRoutes(app, content, opts);
  return content;
}
