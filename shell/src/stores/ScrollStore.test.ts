import { ScrollStore } from './ScrollStore';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

const at = (key: string, pathname: string, hash = '') => ({ key, pathname, hash });

describe('ScrollStore (§2 Scrolling)', () => {
  it('scrolls a new page to the top', () => {
    const s = new ScrollStore();
    expect(s.navigated(at('a', '/'), 'POP', 0)).toEqual({ kind: 'top' });
    expect(s.navigated(at('b', '/blog'), 'PUSH', 300)).toEqual({ kind: 'top' });
  });

  it('scrolls to the element a hash names', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/'), 'POP', 0);
    expect(s.navigated(at('b', '/docs/api', '#create%20order'), 'PUSH', 0)).toEqual({ kind: 'element', id: 'create order' });
  });

  it('a malformed hash (/docs#%) does not throw: it names the element as written', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/'), 'POP', 0);
    expect(s.navigated(at('b', '/docs', '#%'), 'PUSH', 0)).toEqual({ kind: 'element', id: '%' });
    expect(s.navigated(at('c', '/docs', '#50%25%zz'), 'PUSH', 0)).toEqual({ kind: 'element', id: '50%25%zz' });
  });

  it('restores the saved position on back navigation', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/'), 'POP', 0);
    s.navigated(at('b', '/blog'), 'PUSH', 640); // leaving "/" at 640
    expect(s.navigated(at('a', '/'), 'POP', 120)).toEqual({ kind: 'position', y: 640 });
    expect(s.navigated(at('b', '/blog'), 'POP', 0)).toEqual({ kind: 'position', y: 120 });
  });

  it('does not scroll when only the query of the same page changes', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/exchange-btc-eth'), 'POP', 0);
    expect(s.navigated(at('b', '/exchange-btc-eth'), 'REPLACE', 200)).toEqual({ kind: 'none' });
  });

  it('a POP to an entry never seen scrolls to the top', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/'), 'POP', 0);
    expect(s.navigated(at('zzz', '/roadmap'), 'POP', 10)).toEqual({ kind: 'top' });
  });

  it('hands the pending target out once', () => {
    const s = new ScrollStore();
    s.navigated(at('a', '/', '#top'), 'POP', 0);
    expect(s.take()).toEqual({ kind: 'element', id: 'top' });
    expect(s.take()).toEqual({ kind: 'none' });
  });

  it('keeps positions across a reload through session storage', () => {
    const storage = memoryStorage();
    const first = new ScrollStore(storage);
    first.navigated(at('a', '/'), 'POP', 0);
    first.navigated(at('b', '/blog'), 'PUSH', 480);
    const afterReload = new ScrollStore(storage);
    expect(afterReload.savedPosition('a')).toBe(480);
    afterReload.navigated(at('b', '/blog'), 'POP', 0);
    expect(afterReload.navigated(at('a', '/'), 'POP', 0)).toEqual({ kind: 'position', y: 480 });
  });

  it('ignores unreadable saved data', () => {
    const storage = memoryStorage();
    storage.setItem('scroll-positions', '{not json');
    expect(() => new ScrollStore(storage)).not.toThrow();
  });
});
