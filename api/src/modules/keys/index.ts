// API keys of the account (issue 11, §7): the account routes and the repo the partner API authenticates with.
// This file is the module's only face: the partner API checks keys, allow-lists and signatures with what it exports.
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { SecretBox } from '../../lib/secretBox';
import { queryOf } from '../../db/query';
import { createApiKeyRepo, type ApiKeyRepo } from './repo';
import { registerApiKeyRoutes } from './routes';
import { createApiKeyService } from './service';

export { allowListPermits } from './allowList';
export { createNonceStore, type NonceStore } from './nonces';
export type { ApiKeyAuthRow, ApiKeyRepo, ApiKeyRow } from './repo';
export { randomBase62, sameHex, sha256Hex } from './secrets';
export { NONCE_PATTERN, requestSignature, SIGNATURE_HEADERS, SIGNATURE_TOLERANCE_SECONDS } from './signature';
export { suspendApiKeysAndWebhooksOf } from './suspension';

/** `secrets` seals the keys' signing secrets (DATA_ENCRYPTION_KEY). */
export function registerKeysModule(app: FastifyInstance, deps: { db: DbHandle; secrets: SecretBox }, opts: RegisterOptions): { repo: ApiKeyRepo } {
  const repo = createApiKeyRepo(queryOf(deps.db));
  registerApiKeyRoutes(app, createApiKeyService(repo, deps.secrets), opts);
  return { repo };
}
