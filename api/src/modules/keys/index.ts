// API keys of the account (issue 11, §7): the account routes and the repo the partner API authenticates with.
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { SecretBox } from '../../lib/secretBox';
import { createApiKeyRepo, queryOf, type ApiKeyRepo } from './repo';
import { registerApiKeyRoutes } from './routes';
import { createApiKeyService } from './service';

export type { ApiKeyRepo } from './repo';
export { suspendApiKeysAndWebhooksOf } from './suspension';

/** `secrets` seals the keys' signing secrets (DATA_ENCRYPTION_KEY). */
export function registerKeysModule(app: FastifyInstance, deps: { db: DbHandle; secrets: SecretBox }, opts: RegisterOptions): { repo: ApiKeyRepo } {
  const repo = createApiKeyRepo(queryOf(deps.db));
  registerApiKeyRoutes(app, createApiKeyService(repo, deps.secrets), opts);
  return { repo };
}
