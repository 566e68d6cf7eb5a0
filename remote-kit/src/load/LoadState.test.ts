import { LoadState } from './LoadState';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LoadState', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('idle → loading → ready, the answer applied in the same step', async () => {
    const state = new LoadState({ what: 'wallet' });
    const answer = deferred<number>();
    let applied: number | undefined;
    expect(state.status).toBe('idle');
    const done = state.load(
      () => answer.promise,
      (n) => {
        applied = n;
      },
    );
    expect(state.status).toBe('loading');
    answer.resolve(7);
    await expect(done).resolves.toBe('applied');
    expect([state.status, state.isReady, applied, state.error]).toEqual(['ready', true, 7, null]);
  });

  it('a failure is the error state, logged with what failed; retry runs the last load again', async () => {
    const state = new LoadState({ what: 'wallet' });
    const fetch = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    const apply = jest.fn();
    await expect(state.load(fetch, apply)).resolves.toBe('failed');
    expect(state.status).toBe('error');
    expect(state.error).toEqual(new Error('down'));
    expect(warn).toHaveBeenCalledWith('wallet failed to load', new Error('down'));
    await expect(state.retry()).resolves.toBe('applied');
    expect([state.status, state.error, fetch.mock.calls.length]).toEqual(['ready', null, 2]);
    expect(apply).toHaveBeenCalledWith('ok');
  });

  it('retry before any load does nothing', async () => {
    const state = new LoadState({ what: 'x' });
    await expect(state.retry()).resolves.toBeUndefined();
    expect(state.status).toBe('idle');
  });

  it('an answer to an older load than the latest is dropped, success or failure', async () => {
    const state = new LoadState({ what: 'history' });
    const first = deferred<string>();
    const second = deferred<string>();
    const apply = jest.fn();
    const older = state.load(() => first.promise, apply);
    const newer = state.load(() => second.promise, apply);
    second.resolve('page 2');
    first.resolve('page 1');
    await expect(older).resolves.toBe('dropped');
    await expect(newer).resolves.toBe('applied');
    expect(apply.mock.calls).toEqual([['page 2']]);

    const failing = deferred<string>();
    const late = state.load(() => failing.promise, apply);
    await state.load(async () => 'page 3', apply);
    failing.reject(new Error('late'));
    await expect(late).resolves.toBe('dropped');
    expect(state.status).toBe('ready');
    expect(warn).not.toHaveBeenCalled();
  });

  it('by default every load shows loading again, and a failure after ready is the error state', async () => {
    const state = new LoadState({ what: 'cashback' });
    await state.load(
      async () => 1,
      () => undefined,
    );
    const pending = state.load(
      () => Promise.reject(new Error('down')),
      () => undefined,
    );
    expect(state.status).toBe('loading');
    await pending;
    expect(state.status).toBe('error');
  });

  it('keepWhileLoading and keepOnError: once ready, a reload shows what it has and a failed one keeps it', async () => {
    const state = new LoadState({ what: 'API keys', keepWhileLoading: true, keepOnError: true });
    const first = state.load(
      () => Promise.reject(new Error('down')),
      () => undefined,
    );
    expect(state.status).toBe('loading');
    await first;
    expect(state.status).toBe('error');
    await state.load(
      async () => 1,
      () => undefined,
    );
    const reload = state.load(
      () => Promise.reject(new Error('again')),
      () => undefined,
    );
    expect(state.status).toBe('ready');
    await reload;
    expect([state.status, state.error]).toEqual(['ready', null]);
    expect(warn).toHaveBeenLastCalledWith('API keys failed to load', new Error('again'));
  });

  it('a load of its own may keep what is shown on failure and say so differently (a background refresh)', async () => {
    const state = new LoadState({ what: 'wallet', keepWhileLoading: true });
    await state.load(
      async () => 1,
      () => undefined,
    );
    await state.load(
      () => Promise.reject(new Error('down')),
      () => undefined,
      { keepOnError: true, failure: 'wallet failed to refresh' },
    );
    expect(state.status).toBe('ready');
    expect(warn).toHaveBeenCalledWith('wallet failed to refresh', new Error('down'));
    await state.load(
      () => Promise.reject(new Error('down')),
      () => undefined,
    );
    expect(state.status).toBe('error');
  });

  it('reset: idle again, and the answer on its way is dropped', async () => {
    const state = new LoadState({ what: 'detail', keepWhileLoading: true });
    const answer = deferred<string>();
    const apply = jest.fn();
    const pending = state.load(() => answer.promise, apply);
    state.reset();
    answer.resolve('late');
    await expect(pending).resolves.toBe('dropped');
    expect([state.status, apply.mock.calls.length]).toEqual(['idle', 0]);
  });
});
