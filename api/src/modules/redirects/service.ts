// §2 redirect lookup and its management (admin API and `pnpm admin redirect`). Lookups run before every server render,
// so answers (a redirect or none) are kept in a small in-process cache: cleared here on every add and remove, and
// otherwise trusted for LOOKUP_CACHE_TTL_MS, which is how long another api replica may keep answering the old way.
import { ApiError, type RouteResponse } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';
import { createRedirectRepo, type RedirectRepo } from './repo';
import { normaliseRedirectPath, parseRedirectTarget } from './rules';

const LOOKUP_CACHE_TTL_MS = 30_000;
/** Paths are whatever visitors ask for: the cache must not grow with them. */
const LOOKUP_CACHE_MAX_ENTRIES = 10_000;
/** Longer chains are not followed by the loop check (each link was checked when it was added). */
const MAX_CHAIN = 32;

type Lookup = RouteResponse<'redirectLookup'>['redirect'];
type RedirectRecord = RouteResponse<'adminRedirectAdd'>;

export interface RedirectService {
  /** The redirect of a path, null when there is none; an invalid path is a 400 ERR_VALIDATION. */
  lookup(path: string): Promise<Lookup>;
  list(): Promise<RedirectRecord[]>;
  /** `createdBy`: the admin account, null from the CLI. Duplicate → ERR_BAD_REQUEST; self-redirect or loop → ERR_VALIDATION. */
  add(input: { path: string; to: string; createdBy: number | null }): Promise<RedirectRecord>;
  /** Unknown path → 404 ERR_NOT_FOUND. */
  remove(path: string): Promise<RedirectRecord>;
}

interface RedirectServiceOptions {
  /** The site's own origins (PUBLIC_ORIGIN): an absolute URL on one of them counts in the loop checks. */
  siteOrigins?: readonly string[];
}

function toRecord(row: Awaited<ReturnType<RedirectRepo['list']>>[number]): RedirectRecord {
  return {
    path: row.path,
    to: row.target,
    external: !row.target.startsWith('/'),
    status: 301,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

function loopError(chain: string[]): ApiError {
  const problem = `would make a redirect loop: ${chain.join(' → ')}`;
  return ApiError.of('ERR_VALIDATION', `Invalid to: ${problem}`, { fields: { to: problem } });
}

function createRedirectService(repo: RedirectRepo, opts: RedirectServiceOptions = {}): RedirectService {
  const siteOrigins = opts.siteOrigins ?? [];
  const cache = new Map<string, { value: Lookup; expiresAt: number }>();
  // Bumped on every change: a lookup that read the database before a change does not cache what it read.
  let generation = 0;
  const invalidate = () => {
    generation++;
    cache.clear();
  };

  const sitePathOf = (target: string): string | null => {
    try {
      return parseRedirectTarget(target, siteOrigins).sitePath;
    } catch {
      return null;
    }
  };

  return {
    async lookup(rawPath) {
      const path = normaliseRedirectPath(rawPath);
      const hit = cache.get(path);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      cache.delete(path);
      const seen = generation;
      const row = await repo.find(path);
      const value = row ? { to: row.target, external: toRecord(row).external } : null;
      if (seen === generation) {
        if (cache.size >= LOOKUP_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        cache.set(path, { value, expiresAt: Date.now() + LOOKUP_CACHE_TTL_MS });
      }
      return value;
    },

    async list() {
      return (await repo.list()).map(toRecord);
    },

    async add({ path: rawPath, to, createdBy }) {
      const path = normaliseRedirectPath(rawPath);
      const target = parseRedirectTarget(to, siteOrigins);
      if (target.sitePath === path) {
        throw ApiError.of('ERR_VALIDATION', 'Invalid to: a redirect to the path itself', { fields: { to: 'a redirect to the path itself' } });
      }
      // Follow the redirects from the target: arriving back at the path would send visitors round for ever.
      const chain = [path];
      let next = target.sitePath;
      while (next !== null && chain.length <= MAX_CHAIN) {
        chain.push(next);
        if (next === path) throw loopError(chain);
        const row = await repo.find(next);
        next = row ? sitePathOf(row.target) : null;
      }
      const existing = await repo.find(path);
      const created = existing ? null : await repo.insert({ path, target: target.to, createdBy });
      if (!created) {
        const current = existing ?? (await repo.find(path));
        throw ApiError.of('ERR_BAD_REQUEST', `A redirect of ${path} already exists (to ${current?.target ?? '?'}); remove it first`, {
          details: { path },
        });
      }
      invalidate();
      return toRecord(created);
    },

    async remove(rawPath) {
      const path = normaliseRedirectPath(rawPath);
      const removed = await repo.remove(path);
      if (!removed) throw ApiError.of('ERR_NOT_FOUND', `No redirect of ${path}`);
      invalidate();
      return toRecord(removed);
    },
  };
}

/** The service over a database (the api module and the CLI). */
export function redirectServiceOf(db: DbHandle, opts: RedirectServiceOptions = {}): RedirectService {
  return createRedirectService(createRedirectRepo(db.db), opts);
}
