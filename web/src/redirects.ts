// §2 "a global middleware asks a server lookup for a redirect by path": web asks the api before rendering a
// page. Failing open: an api that is down or slow means no redirect, never a failed page.
import type { Redirect } from 'shell/for-web';
import { TtlCache } from './ttlCache';
import { type ApiTarget, callApi } from './upstream';

export interface RedirectLookupOptions {
  apiUrl: ApiTarget;
  timeoutMs?: number;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

const REDIRECT_LOOKUP_DEFAULTS = { timeoutMs: 300, ttlMs: 60_000, maxEntries: 5_000 } as const;

function isRedirect(v: unknown): v is Redirect {
  return !!v && typeof v === 'object' && typeof (v as Redirect).to === 'string' && typeof (v as Redirect).external === 'boolean';
}

/** `lookup(path, headers)`: the redirect of a path (without query), null when none or the api did not answer in time. */
export function createRedirectLookup(options: RedirectLookupOptions) {
  const timeoutMs = options.timeoutMs ?? REDIRECT_LOOKUP_DEFAULTS.timeoutMs;
  const cache = new TtlCache<Redirect | null>(
    options.ttlMs ?? REDIRECT_LOOKUP_DEFAULTS.ttlMs,
    options.maxEntries ?? REDIRECT_LOOKUP_DEFAULTS.maxEntries,
    options.now,
  );
  return async (path: string, headers?: Record<string, string>): Promise<Redirect | null> => {
    const cached = cache.get(path);
    if (cached !== undefined) return cached;
    try {
      const res = await callApi(options.apiUrl, 'redirectLookup', { query: { path }, headers, timeoutMs });
      if (res.status !== 200) return null;
      const redirect = (res.body as { redirect?: unknown }).redirect;
      const value = isRedirect(redirect) ? redirect : null;
      cache.set(path, value);
      return value;
    } catch {
      return null;
    }
  };
}
