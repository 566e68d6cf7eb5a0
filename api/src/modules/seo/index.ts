// The SEO texts module (§2, §7 `POST /dict/seo`) wired into the app.
import type { FastifyInstance } from 'fastify';
import type { RegisterOptions } from '../../http/registerRoute';
import type { ContentIndex } from '../content';
import type { InstrumentRepo } from '../instruments';
import { registerSeoRoutes } from './routes';
import { createSeoService } from './service';

/** `content`: the content service's index, for blog and docs titles and their 404s. */
export function registerSeoModule(app: FastifyInstance, instruments: InstrumentRepo, opts: RegisterOptions, content?: ContentIndex): void {
  registerSeoRoutes(app, createSeoService(instruments, content), opts);
}
