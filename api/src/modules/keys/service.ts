// §7 API keys of the account: generate (the key and its signing secret are answered once; the key is stored as its
// SHA-256 with a visible prefix, the signing secret sealed), list, update (name, IP allow-list, active flag, required
// signatures), delete, and resume after a password reset suspended it (issue 24). A key that is not the caller's is
// ERR_NOT_FOUND.
import { ApiError, type ApiKey, type ApiKeyRecord } from 'shared-contracts/server';
import type { SecretBox } from '../../lib/secretBox';
import { normaliseAllowList } from './allowList';
import type { ApiKeyRepo, ApiKeyRow } from './repo';
import { newApiId, newApiKeySecret, newSigningSecret, sha256Hex, VISIBLE_PREFIX_LENGTH } from './secrets';

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
    signatureRequired: k.signatureRequired,
    suspended: k.suspendedAt !== null,
  };
}

const notFound = (apiId: string) => ApiError.of('ERR_NOT_FOUND', `API key ${apiId} not found`);

export function createApiKeyService(repo: ApiKeyRepo, box: SecretBox) {
  return {
    async generate(userId: number, name: string | undefined): Promise<ApiKeyRecord & { secret: string; signingSecret: string }> {
      // A racing pair of requests may end one over the cap; the cap only bounds abuse, so that is acceptable.
      if ((await repo.countLive(userId)) >= MAX_API_KEYS_PER_ACCOUNT) {
        throw ApiError.of('ERR_VALIDATION', `At most ${MAX_API_KEYS_PER_ACCOUNT} API keys per account; delete one first`);
      }
      const secret = newApiKeySecret();
      const signingSecret = newSigningSecret();
      const row = await repo.insert({
        apiId: newApiId(),
        userId,
        name: name?.trim() || 'API key',
        secretHash: sha256Hex(secret),
        prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
        signingSecret: box.seal(signingSecret),
      });
      return { ...toRecord(row), secret, signingSecret };
    },
    async list(userId: number): Promise<ApiKeyRecord[]> {
      return (await repo.list(userId)).map(toRecord);
    },
    async update(userId: number, key: ApiKey): Promise<ApiKeyRecord> {
      const whiteListIp = normaliseAllowList(key.whiteListIp);
      if (key.signatureRequired) {
        const existing = await repo.byApiId(userId, key.apiId);
        if (!existing) throw notFound(key.apiId);
        if (existing.signingSecret === null) {
          throw ApiError.of('ERR_VALIDATION', 'This key was made before request signatures and has no signing secret: create a new key to sign requests', {
            fields: { signatureRequired: 'the key has no signing secret' },
          });
        }
      }
      const row = await repo.update(userId, {
        apiId: key.apiId,
        name: key.name.trim(),
        whiteListIp,
        isActive: key.isActive,
        signatureRequired: key.signatureRequired,
      });
      if (!row) throw notFound(key.apiId);
      return toRecord(row);
    },
    async remove(userId: number, apiId: string): Promise<void> {
      if (!(await repo.remove(userId, apiId))) throw notFound(apiId);
    },
    async resume(userId: number, apiId: string): Promise<void> {
      if (!(await repo.resume(userId, apiId))) throw notFound(apiId);
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
