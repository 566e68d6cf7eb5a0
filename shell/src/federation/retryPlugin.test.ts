import retryPlugin, { RETRY, withRetries } from './retryPlugin';

type Hooks = ReturnType<typeof retryPlugin>;
type LoadEntryErrorArgs = Parameters<NonNullable<Hooks['loadEntryError']>>[0];
type GetModuleFactoryArgs = Parameters<NonNullable<Hooks['getModuleFactory']>>[0];

describe('withRetries', () => {
  it(`tries once and then ${RETRY.times} more times, ${RETRY.delayMs} ms apart, then throws the last failure`, async () => {
    const started: number[] = [];
    const attempt = jest.fn(async () => {
      started.push(Date.now());
      throw new Error(`failure ${started.length}`);
    });
    await expect(withRetries(attempt)).rejects.toThrow(`failure ${RETRY.times + 1}`);
    expect(attempt).toHaveBeenCalledTimes(RETRY.times + 1);
    for (let i = 1; i < started.length; i++) expect(started[i] - started[i - 1]).toBeGreaterThanOrEqual(RETRY.delayMs - 5);
  });

  it('returns the first success and runs `beforeEach` before every try', async () => {
    const order: string[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        order.push('try');
        if (++calls < 2) throw new Error('once');
        return 'ok';
      },
      () => order.push('before'),
    );
    expect(result).toBe('ok');
    expect(order).toEqual(['before', 'try', 'before', 'try']);
  });
});

describe('retryPlugin', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  const json = (body: string, status = 200) => ({
    ok: status >= 200 && status < 300,
    status,
    clone: () => ({ json: async () => JSON.parse(body) as unknown }),
  });

  it('fetches a manifest again after an error status or a body that is not JSON', async () => {
    const answers = [json('{}', 503), json('<html>'), json('{"name":"mfe_blog"}')];
    global.fetch = jest.fn(async () => answers.shift()) as unknown as typeof fetch;
    const response = (await retryPlugin().fetch!('https://x/mf-manifest.json', {})) as unknown as ReturnType<typeof json>;
    expect(response.status).toBe(200);
    expect(global.fetch).toHaveBeenCalledTimes(3);
  });

  it('loads a remote entry again, forgetting the failed load the runtime keeps', async () => {
    const globalLoading: Record<string, Promise<unknown> | undefined> = { key: Promise.resolve() };
    const entry = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest
      .fn()
      .mockImplementationOnce(async () => {
        expect(globalLoading.key).toBeUndefined();
        globalLoading.key = Promise.reject(new Error('again')).catch(() => undefined);
        throw new Error('script error');
      })
      .mockImplementationOnce(async () => entry);
    const recovered = await retryPlugin().loadEntryError!({ getRemoteEntry, globalLoading, uniqueKey: 'key' } as unknown as LoadEntryErrorArgs);
    expect(recovered).toBe(entry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
  });

  it('asks the remote for an exposed module again when its chunk failed', async () => {
    const factory = () => ({});
    const get = jest.fn().mockRejectedValueOnce(new Error('chunk')).mockResolvedValueOnce(factory);
    const result = await retryPlugin().getModuleFactory!({ remoteEntryExports: { get }, expose: './pages' } as unknown as GetModuleFactoryArgs);
    expect(result).toBe(factory);
    expect(get).toHaveBeenCalledWith('./pages');
  });
});
