// §2 "a global middleware asks a server lookup for a redirect by path. An external redirect leaves the site; an internal
// one navigates." web asks before answering a document (server/pages.ts); the shell asks on every client navigation
// (app/RedirectFollower.tsx), through a per-path cache, so moving around the site is not one request per click.
// Failing open: a lookup that fails means no redirect, and is asked again next time.

export interface Redirect {
  to: string;
  external: boolean;
}

/** What a client navigation does about its path's redirect. */
export type RedirectAction = { kind: 'leave'; url: string } | { kind: 'navigate'; to: string };

export interface RedirectLookupDeps {
  /** `GET /api/v1/redirects/lookup?path=` → its `redirect` */
  lookup(path: string): Promise<Redirect | null>;
  now(): number;
  /** how long an answer (a redirect or none) is reused; default 60 s, as web's own cache */
  ttlMs?: number;
  maxEntries?: number;
}

const DEFAULTS = { ttlMs: 60_000, maxEntries: 500 } as const;

/** Where the redirect goes: an internal target keeps the request's query (its own query wins), an external one is used as is. */
export function redirectLocation(redirect: Redirect, search: string): string {
  if (redirect.external || !search) return redirect.to;
  return redirect.to.includes('?') ? `${redirect.to}&${search.replace(/^\?/, '')}` : `${redirect.to}${search.startsWith('?') ? search : `?${search}`}`;
}

export class RedirectLookup {
  private readonly cache = new Map<string, { at: number; answer: Promise<Redirect | null> }>();

  constructor(private readonly deps: RedirectLookupDeps) {}

  /** The redirect of a path (without query): cached per path, one call for concurrent asks, null when none or failed. */
  redirectFor(path: string): Promise<Redirect | null> {
    const now = this.deps.now();
    const hit = this.cache.get(path);
    if (hit && now - hit.at < (this.deps.ttlMs ?? DEFAULTS.ttlMs)) return hit.answer;
    const asked = this.deps.lookup(path);
    const entry = { at: now, answer: asked.then((r) => r ?? null).catch(() => null) };
    this.cache.delete(path);
    this.cache.set(path, entry);
    while (this.cache.size > (this.deps.maxEntries ?? DEFAULTS.maxEntries)) this.cache.delete(this.cache.keys().next().value as string);
    asked.catch(() => {
      if (this.cache.get(path) === entry) this.cache.delete(path);
    });
    return entry.answer;
  }

  /** The action a navigation to `pathname` + `search` + `hash` takes: leave the site, navigate (replace), or none. */
  async actionFor(pathname: string, search: string, hash = ''): Promise<RedirectAction | null> {
    const redirect = await this.redirectFor(pathname);
    if (!redirect) return null;
    if (redirect.external) return { kind: 'leave', url: redirect.to };
    const to = `${redirectLocation(redirect, search)}${hash}`;
    return to === `${pathname}${search}${hash}` ? null : { kind: 'navigate', to };
  }
}
