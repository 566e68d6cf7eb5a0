// Cookies read one way everywhere: the browser (document.cookie), the shell's server render and web (the Cookie
// header), by the `cookie` library's parser. A value is URI-decoded; one that cannot be (a malformed `%E0%A4%A` some
// other site on the domain set) reads as absent — it is as good as none, and is written again by whoever owns it —
// and breaks no other read.
import { type ParseOptions, parseCookie } from 'cookie';

const decodeOrSkip: ParseOptions['decode'] = (value) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/** Every cookie of a Cookie header or `document.cookie`, by name (the first of two with one name wins). */
export function parseCookies(cookieString: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!cookieString) return out;
  for (const [name, value] of Object.entries(parseCookie(cookieString, { decode: decodeOrSkip }))) if (value !== undefined) out[name] = value;
  return out;
}

/** One cookie's value; in the browser, from `document.cookie` unless a cookie string is given. */
export function readCookie(name: string, cookieString: string | undefined = typeof document === 'undefined' ? undefined : document.cookie): string | undefined {
  return cookieString ? parseCookie(cookieString, { decode: decodeOrSkip })[name] : undefined;
}
