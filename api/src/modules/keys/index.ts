// API keys of the account (issue 11, §7): the account routes and the repo the partner API authenticates with.
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import { createApiKeyRepo, queryOf, type ApiKeyRepo } from './repo';
import { registerApiKeyRoutes } from './routes';
import { createApiKeyService } from './service';

export type { ApiKeyRepo } from './repo';

export function registerKeysModule(app: FastifyInstance, deps: { db: DbHandle }, opts: RegisterOptions): { repo: ApiKeyRepo } {
  const repo = createApiKeyRepo(queryOf(deps.db));
  registerApiKeyRoutes(app, createApiKeyService(repo), opts);
  return { repo };
}
