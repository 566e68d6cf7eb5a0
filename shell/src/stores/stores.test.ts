import { LocaleStore } from './LocaleStore';
import { ThemeStore } from './ThemeStore';
import { NotificationStore } from './NotificationStore';
import { LoadingBarStore } from './LoadingBarStore';
import { documentCookieJar, MemoryCookieJar } from './env';
import { TestClock } from './testClock';

describe('LocaleStore', () => {
  it('uses the cookie first', () => {
    const s = new LocaleStore({ cookies: new MemoryCookieJar({ i18n_locale: 'ru' }), languages: ['en-US'] });
    expect(s.current).toBe('ru');
    expect(s.prefix).toBe('/ru');
  });
  it('falls back to browser languages, then en', () => {
    expect(new LocaleStore({ cookies: new MemoryCookieJar(), languages: ['de-DE', 'ru-RU', 'en'] }).current).toBe('ru');
    expect(new LocaleStore({ cookies: new MemoryCookieJar(), languages: ['de-DE', 'fr'] }).current).toBe('en');
    expect(new LocaleStore({ cookies: new MemoryCookieJar({ i18n_locale: 'xx' }), languages: [] }).current).toBe('en');
  });
  it('stores the locale in a cookie for 365 days, path /, SameSite=Lax', () => {
    const jar = new MemoryCookieJar();
    const s = new LocaleStore({ cookies: jar, languages: ['en'] });
    s.set('ru');
    expect(jar.written).toEqual(['i18n_locale=ru; Max-Age=31536000; Path=/; SameSite=Lax']);
    expect(s.prefix).toBe('/ru');
  });
  it('the URL prefix wins', () => {
    const jar = new MemoryCookieJar({ i18n_locale: 'ru' });
    const s = new LocaleStore({ cookies: jar, languages: [] });
    s.applyFromUrl('en');
    expect(s.current).toBe('en');
    expect(jar.values.i18n_locale).toBe('en');
  });
  // mapping language tags (ru-RU → ru) is shared-contracts' supportedLocaleOf (acceptLanguage.test.ts)
  it('reads the locale cookie beside a malformed cookie another site on the domain set', () => {
    const jar = documentCookieJar({ cookie: 'broken=%E0%A4%A; i18n_locale=ru' });
    expect(jar.get('i18n_locale')).toBe('ru');
    expect(new LocaleStore({ cookies: jar, languages: [] }).current).toBe('ru');
  });
});

describe('ThemeStore', () => {
  it('defaults from configuration, applies data-theme and stores a cookie for a year', () => {
    const jar = new MemoryCookieJar();
    const attrs: Record<string, string> = {};
    const root = { setAttribute: (k: string, v: string) => void (attrs[k] = v) };
    const s = new ThemeStore({ cookies: jar, root, defaultTheme: 'dark' });
    expect(s.current).toBe('dark');
    expect(attrs['data-theme']).toBe('dark');
    s.toggle();
    expect(s.current).toBe('light');
    expect(attrs['data-theme']).toBe('light');
    expect(jar.written).toEqual(['theme=light; Max-Age=31536000; Path=/; SameSite=Lax']);
  });
  it('reads the cookie and ignores junk', () => {
    const root = { setAttribute: () => {} };
    expect(new ThemeStore({ cookies: new MemoryCookieJar({ theme: 'light' }), root, defaultTheme: 'dark' }).current).toBe('light');
    expect(new ThemeStore({ cookies: new MemoryCookieJar({ theme: 'neon' }), root, defaultTheme: 'dark' }).current).toBe('dark');
  });
});

describe('NotificationStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const timers = () => ({ setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as never) });

  it('removes a notification after 30 s by default and 3 s for errors', () => {
    const s = new NotificationStore(timers());
    s.add({ type: 'info', message: 'hello' });
    s.add({ type: 'error', message: 'boom' });
    expect(s.items.map((n) => n.timeout)).toEqual([30_000, 3_000]);
    jest.advanceTimersByTime(2_999);
    expect(s.items).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(s.items.map((n) => n.message)).toEqual(['hello']);
    jest.advanceTimersByTime(27_000);
    expect(s.items).toHaveLength(0);
  });
  it('does not add a message identical to the last one', () => {
    const s = new NotificationStore(timers());
    expect(s.add({ type: 'info', message: 'same' })).toBeDefined();
    expect(s.add({ type: 'info', message: 'same' })).toBeUndefined();
    s.add({ type: 'info', message: 'other' });
    s.add({ type: 'info', message: 'same' });
    expect(s.items.map((n) => n.message)).toEqual(['same', 'other', 'same']);
  });
  it('honours an explicit timeout and manual removal', () => {
    const s = new NotificationStore(timers());
    const n = s.add({ type: 'success', message: 'x', timeout: 100 })!;
    s.remove(n.id);
    expect(s.items).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('LoadingBarStore', () => {
  it('does not show for jobs shorter than the 200 ms throttle', () => {
    const clock = new TestClock();
    const s = new LoadingBarStore(clock);
    s.start();
    clock.advance(199);
    s.finish();
    clock.advance(1000);
    expect(s.visible).toBe(false);
  });
  it('shows after 200 ms, fills on finish and hides 500 ms later', () => {
    const clock = new TestClock();
    const s = new LoadingBarStore(clock);
    s.start();
    s.start();
    clock.advance(200);
    expect(s.visible).toBe(true);
    expect(s.durationMs).toBe(2000);
    s.finish();
    expect(s.progress).toBeLessThan(100);
    s.finish();
    expect(s.progress).toBe(100);
    clock.advance(499);
    expect(s.visible).toBe(true);
    clock.advance(1);
    expect(s.visible).toBe(false);
  });
  it('tracks a promise', async () => {
    const clock = new TestClock();
    const s = new LoadingBarStore(clock);
    const p = s.track(Promise.resolve(5));
    expect(s.isLoading).toBe(true);
    await expect(p).resolves.toBe(5);
    expect(s.isLoading).toBe(false);
  });
});
