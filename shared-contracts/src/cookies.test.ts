// One parser for every cookie read (the `cookie` library): values decoded, a malformed one absent, never a throw.
import { parseCookies, readCookie } from './cookies';

describe('cookies', () => {
  it('reads every cookie of a header, decoded, the first of a name winning', () => {
    expect(parseCookies('u_id=abc; theme=dark; ref=a%20b; theme=light')).toEqual({ u_id: 'abc', theme: 'dark', ref: 'a b' });
    expect(readCookie('ref', 'u_id=abc; ref=a%20b')).toBe('a b');
    expect(readCookie('none', 'u_id=abc')).toBeUndefined();
    expect(parseCookies(undefined)).toEqual({});
    expect(readCookie('u_id', '')).toBeUndefined();
  });

  it('a malformed cookie (%E0%A4%A) does not break reading the others, and reads as absent', () => {
    const header = 'broken=%E0%A4%A; u_id=abc; locale=ru';
    expect(() => parseCookies(header)).not.toThrow();
    expect(parseCookies(header)).toEqual({ u_id: 'abc', locale: 'ru' });
    expect(readCookie('locale', header)).toBe('ru');
    expect(readCookie('broken', header)).toBeUndefined();
    // a later well-formed cookie of the same name is read
    expect(readCookie('u_id', 'u_id=%E0%A4%A; u_id=abc')).toBe('abc');
  });
});
