import { RELOAD_GUARD_KEY, reloadedForUpdate } from 'shared-contracts';
import { UpdateStore, isChunkLoadError } from './UpdateStore';
import { TestClock } from './testClock';

class MemoryStorage {
  data: Record<string, string> = {};
  getItem(k: string) {
    return this.data[k] ?? null;
  }
  setItem(k: string, v: string) {
    this.data[k] = v;
  }
}
const flush = () => new Promise((r) => setTimeout(r, 0));

function make(latest: () => Promise<{ buildId?: string }>) {
  const clock = new TestClock();
  const storage = new MemoryStorage();
  const reload = jest.fn();
  const store = new UpdateStore({ clock, fetchLatest: latest, currentBuildId: 'b1', storage, reload });
  return { clock, storage, reload, store };
}

describe('UpdateStore', () => {
  it('polls every 60 s and flags a new build id', async () => {
    const ids = ['b1', 'b2'];
    const fetchLatest = jest.fn(async () => ({ buildId: ids.shift() }));
    const { clock, store, reload } = make(fetchLatest);
    store.start();
    clock.advance(59_999);
    expect(fetchLatest).not.toHaveBeenCalled();
    clock.advance(1);
    await flush();
    expect(store.updateAvailable).toBe(false);
    clock.advance(60_000);
    await flush();
    expect(store.updateAvailable).toBe(true);
    expect(store.onNavigate('/blog')).toBe(true);
    expect(reload).toHaveBeenCalledWith('/blog');
    store.stop();
  });

  it('does not reload on navigation without a new build; ignores fetch failures', async () => {
    const { store, reload } = make(async () => Promise.reject(new Error('offline')));
    await store.check();
    expect(store.onNavigate('/')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at most once per 10 s per path', () => {
    const { clock, store, reload, storage } = make(async () => ({}));
    expect(store.onChunkError('/order/1')).toBe(true);
    expect(store.onChunkError('/order/1')).toBe(false);
    expect(store.onChunkError('/blog')).toBe(true);
    expect(JSON.parse(storage.data[RELOAD_GUARD_KEY])).toEqual({ '/order/1': 10_000, '/blog': 10_000 });
    clock.advance(10_000);
    expect(store.onChunkError('/order/1')).toBe(true);
    expect(reload.mock.calls).toEqual([['/order/1'], ['/blog'], ['/order/1']]);
  });

  it('writes the guard for the path and query the reload lands on, which the reloaded page reads back', () => {
    const { clock, store, reload, storage } = make(async () => ({}));
    clock.advance(1_000);
    // a chunk error on the pair page with a hash: the reload keeps it, the guard is the path + query
    expect(store.onChunkError('/ru/exchange-btc-eth?amount=1&send=btc#form')).toBe(true);
    expect(reload).toHaveBeenCalledWith('/ru/exchange-btc-eth?amount=1&send=btc#form');
    // after the reload, a remote asks with location.pathname + location.search
    expect(reloadedForUpdate(storage, '/ru/exchange-btc-eth?amount=1&send=btc', clock.now())).toBe(true);
    expect(reloadedForUpdate(storage, '/ru/exchange-btc-eth', clock.now())).toBe(false);
    // the same path with another hash is the same reload target: not reloaded twice within 10 s
    expect(store.onChunkError('/ru/exchange-btc-eth?amount=1&send=btc')).toBe(false);
    clock.advance(10_000);
    expect(reloadedForUpdate(storage, '/ru/exchange-btc-eth?amount=1&send=btc', clock.now())).toBe(false);
  });

  it('a new build turns the navigation into a reload whose target path the guard names', async () => {
    const { clock, store, reload, storage } = make(async () => ({ buildId: 'b2' }));
    await store.check();
    expect(store.onNavigate('/exchange-btc-eth?amount=2')).toBe(true);
    expect(reload).toHaveBeenCalledWith('/exchange-btc-eth?amount=2');
    expect(reloadedForUpdate(storage, '/exchange-btc-eth?amount=2', clock.now())).toBe(true);
  });

  it('recognises chunk load errors', () => {
    const e = new Error('Loading chunk 123 failed.');
    expect(isChunkLoadError(e)).toBe(true);
    const named = new Error('x');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
  });
});
