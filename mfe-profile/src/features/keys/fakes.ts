// Test fakes of the API key routes, shared by the store's tests and the page's.
import { ApiError, type ApiKeyRecord } from 'shared-contracts';
import { ago, apiKey, HOUR } from '../../test/fixtures';

export function fakeKeysApi(initial: ApiKeyRecord[] = [apiKey('k1', { name: 'bot', lastUsedAt: ago(HOUR) })]) {
  let keys = [...initial];
  return {
    keys: () => keys,
    listApiKeys: jest.fn(async () => keys),
    generateApiKey: jest.fn(async ({ body }: { body: { name: string } }) => {
      const created = apiKey(`k${keys.length + 1}`, { name: body.name, createdAt: new Date().toISOString() });
      keys = [...keys, created];
      return { ...created, secret: 'cfk_SeCrEt0123456789', signingSecret: 'cfs_SiGnInG0123456789' };
    }),
    updateApiKey: jest.fn(async ({ body }: { body: Omit<ApiKeyRecord, 'prefix' | 'createdAt' | 'lastUsedAt'> }) => {
      const at = keys.findIndex((k) => k.apiId === body.apiId);
      if (at < 0) throw ApiError.of('ERR_NOT_FOUND', 'no such key');
      keys = keys.map((k, i) => (i === at ? { ...k, ...body } : k));
      return keys[at];
    }),
    deleteApiKey: jest.fn(async ({ body }: { body: { apiId: string } }) => {
      keys = keys.filter((k) => k.apiId !== body.apiId);
      return { ok: true };
    }),
    resumeApiKey: jest.fn(async ({ body }: { body: { id: string } }) => {
      keys = keys.map((k) => (k.apiId === body.id ? { ...k, suspended: false } : k));
      return { ok: true };
    }),
    stepUp: jest.fn(async () => ({ stepUpUntil: new Date(Date.now() + 900_000).toISOString() })),
  };
}
