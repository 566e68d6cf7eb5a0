// §2 redirect lookup: what a redirect's path and target may be. Shared by the admin API and `pnpm admin redirect`,
// so both refuse the same input with the same catalogue errors.
import { ApiError } from 'shared-contracts/server';

const MAX_REDIRECT_LENGTH = 2048;
/** One leading slash, not two and not slash-backslash: browsers read `//host` and `/\host` as another site. */
const SITE_PATH = /^\/(?![/\\])/;
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** Any C0 control character or DEL: a path or URL has no use for them (tab included). */
function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function tryUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function invalid(field: 'path' | 'to', problem: string): ApiError {
  return ApiError.of('ERR_VALIDATION', `Invalid ${field}: ${problem}`, { fields: { [field]: problem } });
}

/** The part of a site path a redirect is keyed on: no query or hash, repeated slashes collapsed, no trailing slash but on the root. */
function canonical(sitePath: string): string {
  const bare = sitePath.replace(/[?#].*$/s, '').replace(/\/{2,}/g, '/');
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/**
 * A redirect's path as stored and looked up: the full path of the page (`/ru/…` for the Russian one), normalised as
 * web normalises before it asks (§2 path normalisation); any query or hash is dropped.
 */
export function normaliseRedirectPath(raw: string, field: 'path' | 'to' = 'path'): string {
  if (raw.length > MAX_REDIRECT_LENGTH) throw invalid(field, `at most ${MAX_REDIRECT_LENGTH} characters`);
  if (hasControlChar(raw)) throw invalid(field, 'control characters are not allowed');
  if (!SITE_PATH.test(raw) && raw !== '/') throw invalid(field, 'must start with a single /');
  return canonical(raw);
}

export interface RedirectTarget {
  /** As given: a site path (query and hash kept) or an absolute http(s) URL. */
  to: string;
  /** True for an absolute URL: the visitor leaves the site (§2). */
  external: boolean;
  /** The site path it leads to, for the loop checks: an internal target's, or an absolute URL's on one of the site's own origins. */
  sitePath: string | null;
}

/**
 * A site path starting with a single `/`, or an absolute `http://`/`https://` URL without credentials. Every other
 * scheme (`javascript:`, `data:`, …) and protocol-relative `//host` are refused.
 */
export function parseRedirectTarget(raw: string, siteOrigins: readonly string[]): RedirectTarget {
  if (raw.length > MAX_REDIRECT_LENGTH) throw invalid('to', `at most ${MAX_REDIRECT_LENGTH} characters`);
  if (hasControlChar(raw)) throw invalid('to', 'control characters are not allowed');
  if (SITE_PATH.test(raw) || raw === '/') return { to: raw, external: false, sitePath: canonical(raw) };
  const url = ABSOLUTE_HTTP.test(raw) ? tryUrl(raw) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw invalid('to', 'must be a site path starting with a single / or an absolute http:// or https:// URL');
  }
  if (url.username || url.password) throw invalid('to', 'a URL with a user name or password is not allowed');
  const own = siteOrigins.some((origin) => tryUrl(origin)?.origin === url.origin);
  return { to: raw, external: true, sitePath: own ? canonical(url.pathname) : null };
}
