import { action, makeObservable, observable, runInAction } from 'mobx';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_TTL_MS } from 'shared-contracts';
import type { Clock, KeyValueStorage } from './env';

const UPDATE_POLL_INTERVAL_MS = 60_000;

export interface UpdateStoreDeps {
  clock: Pick<Clock, 'now' | 'setInterval' | 'clearInterval'>;
  /** GET /builds/latest.json */
  fetchLatest(): Promise<{ buildId?: string }>;
  currentBuildId: string;
  /** sessionStorage */
  storage: KeyValueStorage;
  /** full page load of `path` (location.assign) */
  reload(path: string): void;
  intervalMs?: number;
}

/**
 * §4/§8 updates: poll the build metadata; a new build or a chunk load error triggers a full reload to the
 * target path, at most once per 10 s per path (guard kept in sessionStorage).
 */
export class UpdateStore {
  updateAvailable = false;
  latestBuildId: string | null = null;
  private timer: unknown;

  constructor(private readonly deps: UpdateStoreDeps) {
    makeObservable(this, { updateAvailable: observable, latestBuildId: observable, start: action, stop: action, check: action });
  }

  start() {
    if (this.timer !== undefined) return;
    this.timer = this.deps.clock.setInterval(() => void this.check(), this.deps.intervalMs ?? UPDATE_POLL_INTERVAL_MS);
  }

  stop() {
    if (this.timer !== undefined) this.deps.clock.clearInterval(this.timer);
    this.timer = undefined;
  }

  async check(): Promise<boolean> {
    try {
      const latest = await this.deps.fetchLatest();
      runInAction(() => {
        if (latest.buildId) this.latestBuildId = latest.buildId;
        if (latest.buildId && latest.buildId !== this.deps.currentBuildId) this.updateAvailable = true;
      });
    } catch {
      // an unreachable metadata file is not a new build
    }
    return this.updateAvailable;
  }

  /** Call on every navigation: with a new build waiting, the navigation becomes a full load of `targetPath`. */
  onNavigate(targetPath: string): boolean {
    return this.updateAvailable ? this.reloadTo(targetPath) : false;
  }

  onChunkError(targetPath: string): boolean {
    return this.reloadTo(targetPath);
  }

  /**
   * Reloads `target` (path, query and hash) unless its path was reloaded less than RELOAD_GUARD_TTL_MS ago; returns
   * whether it reloaded. The guard entry is the path and query the reload lands on (the hash never reaches the
   * server), so the page after the reload finds it with `reloadedForUpdate(sessionStorage, location.pathname +
   * location.search, Date.now())` and restores its state (§4, §8 "with state preserved").
   */
  reloadTo(target: string): boolean {
    const path = guardPath(target);
    const now = this.deps.clock.now();
    const guard = this.readGuard();
    if ((guard[path] ?? 0) > now) return false;
    for (const [p, expires] of Object.entries(guard)) if (expires <= now) delete guard[p];
    guard[path] = now + RELOAD_GUARD_TTL_MS;
    try {
      this.deps.storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(guard));
    } catch {
      // storage full or disabled: reload anyway
    }
    this.deps.reload(target);
    return true;
  }

  private readGuard(): Record<string, number> {
    try {
      const parsed: unknown = JSON.parse(this.deps.storage.getItem(RELOAD_GUARD_KEY) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
    } catch {
      return {};
    }
  }
}

/** The reload guard's key of a target: its path and query, without the hash. */
function guardPath(target: string): string {
  const hashAt = target.indexOf('#');
  return hashAt < 0 ? target : target.slice(0, hashAt);
}

/** webpack's ChunkLoadError, the federation runtime's script failures, and dynamic import failures. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(error.message)
  );
}
