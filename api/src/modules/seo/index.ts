// The SEO texts module (§2, §7 `POST /dict/seo`) wired into the app.
import type { FastifyInstance } from 'fastify';
import type { RegisterOptions } from '../../http/registerRoute';
import type { InstrumentRepo } from '../instruments/repo';
import { registerSeoRoutes } from './routes';
import { createSeoService } from './service';

export function registerSeoModule(app: FastifyInstance, instruments: InstrumentRepo, opts: RegisterOptions): void {
  registerSeoRoutes(app, createSeoService(instruments), opts);
}
