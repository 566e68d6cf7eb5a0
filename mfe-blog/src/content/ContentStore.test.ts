import { ContentStore } from './ContentStore';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ContentStore (one blog page request)', () => {
  it("server-rendered: ready from the server's result, start() fetches nothing", () => {
    const fetch = jest.fn();
    const store = new ContentStore(fetch, { kind: 'found', data: { title: 'A post' } });
    store.start();
    expect(store.state).toBe('ready');
    expect(store.data).toEqual({ title: 'A post' });
    expect(fetch).not.toHaveBeenCalled();
    expect(store.fromServer).toBe(true);
  });

  it("the server's 404 stays a 404 at hydration", () => {
    const store = new ContentStore(jest.fn(), { kind: 'notFound' });
    store.start();
    expect(store.state).toBe('notFound');
    expect(store.data).toBeNull();
  });

  it('client navigation: loading until the fetch answers, then ready', async () => {
    const store = new ContentStore(async () => ({ kind: 'found', data: 42 }));
    expect(store.state).toBe('loading');
    store.start();
    await settle();
    expect(store.state).toBe('ready');
    expect(store.data).toBe(42);
    expect(store.fromServer).toBe(false);
  });

  it('a failed fetch is an error that load() retries', async () => {
    const fetch = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ kind: 'found', data: 'ok' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new ContentStore<string>(fetch);
    store.start();
    await settle();
    expect(store.state).toBe('error');
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.data).toBe('ok');
    warn.mockRestore();
  });

  it('an answer after dispose (the visitor moved on) changes nothing', async () => {
    let answer: (v: { kind: 'notFound' }) => void = () => undefined;
    const store = new ContentStore(() => new Promise((resolve) => (answer = resolve)));
    store.start();
    store.dispose();
    answer({ kind: 'notFound' });
    await settle();
    expect(store.state).toBe('loading');
  });
});
