// §7 API keys of the account: generate (the secret is answered once, stored as its SHA-256 with a visible prefix),
// list, update (name, IP allow-list, active flag), delete. A key that is not the caller's is ERR_NOT_FOUND.
import { ApiError, type ApiKey, type ApiKeyRecord } from 'shared-contracts/server';
import { normaliseAllowList } from './allowList';
import type { ApiKeyRepo, ApiKeyRow } from './repo';
import { newApiId, newApiKeySecret, sha256Hex, VISIBLE_PREFIX_LENGTH } from './secrets';

const MAX_API_KEYS_PER_ACCOUNT = 20;

function toRecord(k: ApiKeyRow): ApiKeyRecord {
  return {
    apiId: k.apiId,
    name: k.name,
    whiteListIp: k.whiteListIp,
    isActive: k.isActive,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}

const notFound = (apiId: string) => ApiError.of('ERR_NOT_FOUND', `API key ${apiId} not found`);

export function createApiKeyService(repo: ApiKeyRepo) {
  return {
    async generate(userId: number, name: string | undefined): Promise<ApiKeyRecord & { secret: string }> {
      // A racing pair of requests may end one over the cap; the cap only bounds abuse, so that is acceptable.
      if ((await repo.countLive(userId)) >= MAX_API_KEYS_PER_ACCOUNT) {
        throw ApiError.of('ERR_VALIDATION', `At most ${MAX_API_KEYS_PER_ACCOUNT} API keys per account; delete one first`);
      }
      const secret = newApiKeySecret();
      const row = await repo.insert({
        apiId: newApiId(),
        userId,
        name: name?.trim() || 'API key',
        secretHash: sha256Hex(secret),
        prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
      });
      return { ...toRecord(row), secret };
    },
    async list(userId: number): Promise<ApiKeyRecord[]> {
      return (await repo.list(userId)).map(toRecord);
    },
    async update(userId: number, key: ApiKey): Promise<ApiKeyRecord> {
      const whiteListIp = normaliseAllowList(key.whiteListIp);
      const row = await repo.update(userId, { apiId: key.apiId, name: key.name.trim(), whiteListIp, isActive: key.isActive });
      if (!row) throw notFound(key.apiId);
      return toRecord(row);
    },
    async remove(userId: number, apiId: string): Promise<void> {
      if (!(await repo.remove(userId, apiId))) throw notFound(apiId);
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
