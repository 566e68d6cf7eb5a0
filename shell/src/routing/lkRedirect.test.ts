import { isAccountPath, lkRedirect, loginHomePath, loginQueryAction, safeNextPath } from './lkRedirect';
import { localePath } from './routes';

describe('lk-redirect rule', () => {
  it('/lk goes to /profile/info when signed in (query kept)', () => {
    expect(lkRedirect({ path: '/lk', search: '', session: 'signed-in' })).toEqual({ kind: 'redirect', to: '/profile/info' });
    expect(lkRedirect({ path: '/lk', search: '?tab=1', session: 'signed-in' })).toEqual({ kind: 'redirect', to: '/profile/info?tab=1' });
  });

  it.each(['/profile/info', '/profile/history', '/profile/withdraw', '/profile/affiliate-program'])('a signed-in user sees %s', (path) => {
    expect(lkRedirect({ path, search: '', session: 'signed-in' })).toEqual({ kind: 'render' });
  });

  it('a guest on /profile/* goes home with the login dialog and the page asked for', () => {
    const d = lkRedirect({ path: '/profile/history', search: '?page=2', session: 'guest' });
    expect(d).toEqual({ kind: 'redirect', to: '/?login=1&next=%2Fprofile%2Fhistory%3Fpage%3D2' });
  });

  it('a guest on /lk goes home with the login dialog, and lands on /profile/info afterwards', () => {
    expect(lkRedirect({ path: '/lk', search: '', session: 'guest' })).toEqual({ kind: 'redirect', to: loginHomePath('/profile/info') });
  });

  it('waits while the startup account load runs', () => {
    expect(lkRedirect({ path: '/profile/info', search: '', session: 'loading' })).toEqual({ kind: 'wait' });
    expect(lkRedirect({ path: '/lk', search: '', session: 'loading' })).toEqual({ kind: 'wait' });
  });

  it.each(['/', '/blog', '/order/abc', '/lkk', '/profiles/info'])('leaves %s alone whatever the session', (path) => {
    for (const session of ['loading', 'guest', 'signed-in'] as const) expect(lkRedirect({ path, search: '', session })).toEqual({ kind: 'render' });
    expect(isAccountPath(path)).toBe(false);
  });

  it('is the same under /ru: the caller adds the prefix to the unprefixed target', () => {
    const d = lkRedirect({ path: '/profile/history', search: '', session: 'guest' });
    expect(d.kind === 'redirect' && localePath(d.to, 'ru')).toBe('/ru?login=1&next=%2Fprofile%2Fhistory');
    const s = lkRedirect({ path: '/lk', search: '', session: 'signed-in' });
    expect(s.kind === 'redirect' && localePath(s.to, 'ru')).toBe('/ru/profile/info');
  });
});

describe('after sign-in: ?login=1&next=…', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('opens the login dialog for a guest with the page to return to', () => {
    expect(loginQueryAction(q('login=1&next=%2Fprofile%2Fhistory'), 'guest')).toEqual({ kind: 'open-login', next: '/profile/history' });
    expect(loginQueryAction(q('login=1'), 'guest')).toEqual({ kind: 'open-login', next: null });
  });
  it('goes straight to the page for a signed-in user; waits while loading; ignores other queries', () => {
    expect(loginQueryAction(q('login=1&next=%2Fprofile%2Fhistory'), 'signed-in')).toEqual({ kind: 'go', to: '/profile/history' });
    expect(loginQueryAction(q('login=1&next=%2Fprofile%2Fhistory'), 'loading')).toEqual({ kind: 'none' });
    expect(loginQueryAction(q('ref=abc'), 'guest')).toEqual({ kind: 'none' });
  });
  it.each(['https://evil.example', '//evil.example/x', '/\\evil.example', 'profile/info', 'javascript:alert(1)', '/ru/profile/info', ''])(
    'refuses %j as a next target (no open redirect)',
    (next) => {
      expect(safeNextPath(next)).toBeNull();
      expect(loginQueryAction(q(`login=1&next=${encodeURIComponent(next)}`), 'guest')).toEqual({ kind: 'open-login', next: null });
    },
  );
});
