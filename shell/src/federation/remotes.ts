import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { i18n as I18n } from 'i18next';
import { createFallbackModule, FALLBACK_MARK, type PagesModule } from './fallbackModule';

/** GET /remotes.json → registerRemotes; remotes are never hard-coded in the build. */
export async function registerRemotesFrom(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<Record<string, string>> {
  const res = await fetchImpl(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`GET ${url} ${res.status}`);
  const map = (await res.json()) as Record<string, string>;
  const base = typeof location !== 'undefined' ? location.href : 'http://localhost/';
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, base).href })));
  return map;
}

/** Loads each remote's `./pages` once, registering its i18next namespace once. */
export class PagesLoader {
  private cache = new Map<string, Promise<PagesModule>>();
  private resolved = new Map<string, PagesModule>();

  constructor(
    private readonly i18n: I18n,
    private readonly load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
  ) {}

  peek(remote: string): PagesModule | undefined {
    return this.resolved.get(remote);
  }

  get(remote: string): Promise<PagesModule> {
    let p = this.cache.get(remote);
    if (!p) {
      p = this.load(`${remote}/pages`)
        .then((mod) => {
          const m = (mod ?? createFallbackModule(remote)) as PagesModule;
          if (m.namespace && m.resources) {
            for (const [lng, bundle] of Object.entries(m.resources)) {
              if (!this.i18n.hasResourceBundle(lng, m.namespace)) this.i18n.addResourceBundle(lng, m.namespace, bundle, true, false);
            }
          }
          // a fallback is not kept: the next navigation tries the remote again
          if (m[FALLBACK_MARK]) this.cache.delete(remote);
          else this.resolved.set(remote, m);
          return m;
        })
        .catch((error: unknown) => {
          this.cache.delete(remote);
          throw error;
        });
      this.cache.set(remote, p);
    }
    return p;
  }
}
