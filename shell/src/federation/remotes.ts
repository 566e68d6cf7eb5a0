import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { i18n as I18n } from 'i18next';
import { CONTRACT_VERSION, contractCompatibility } from 'shared-contracts';
import { createFallbackModule, FALLBACK_MARK, type PagesModule } from './fallbackModule';
import { REMOTE_FAILED_EVENT } from './fallbackPlugin';
import { activeLocales, beforeLocaleSwitch } from '../i18n/localeSwitch';

export interface ContractMismatch {
  remote: string;
  /** the shared-contracts the page would run against (the host's shared singleton) */
  hostVersion: string;
  /** what the remote's `./pages` says it was compiled against */
  remoteVersion: string;
}

/** `reason` of a `shell:remote-failed` event for a remote refused for its contract major (a plain load failure has none). */
export const CONTRACT_MISMATCH_REASON = 'contract-mismatch';

/**
 * The `shell` i18n key of the notification a `shell:remote-failed` event posts (bootstrap listens): a refused
 * contract has its own text (the remote is being deployed: reload soon), any other failure the generic one.
 */
export function remoteFailedMessageKey(detail: unknown): 'fallback.notify' | 'fallback.contract_mismatch' {
  const reason = detail && typeof detail === 'object' ? (detail as { reason?: unknown }).reason : undefined;
  return reason === CONTRACT_MISMATCH_REASON ? 'fallback.contract_mismatch' : 'fallback.notify';
}

/** The shell's remote-failure path with its own reason: the notification (bootstrap listens) and a line for whoever deploys. */
export function reportContractMismatch(mismatch: ContractMismatch): void {
  console.error(`${mismatch.remote} was built against contract ${mismatch.remoteVersion}; the shell runs ${mismatch.hostVersion}: showing its fallback`);
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent(REMOTE_FAILED_EVENT, { detail: { id: `${mismatch.remote}/pages`, reason: CONTRACT_MISMATCH_REASON, ...mismatch } }));
  }
}

/** GET /remotes.json → registerRemotes; remotes are never hard-coded in the build. */
export async function registerRemotesFrom(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<Record<string, string>> {
  const res = await fetchImpl(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`GET ${url} ${res.status}`);
  const map = (await res.json()) as Record<string, string>;
  registerRemoteMap(map);
  return map;
}

/** Registers `/remotes.json`'s map (remote name → manifest URL, relative to the page). */
export function registerRemoteMap(map: Record<string, string>): void {
  const base = typeof location !== 'undefined' ? location.href : 'http://localhost/';
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry: new URL(entry, base).href })));
}

/**
 * Loads each remote's `./pages` once, and its texts for the shown locale only (`loadResources`, contract 1.2):
 * `get` resolves once they are registered, and a language change (`switchLocale`) first loads the new locale's
 * texts of every loaded remote. A remote built before 1.2 exports `resources`, all locales, registered as they
 * are. A remote built against another major of the contract (DESIGN rule 8) is not run: its slot gets the
 * fallback and its own notification (`fallback.contract_mismatch`, not the generic "could not be loaded").
 */
export class PagesLoader {
  private cache = new Map<string, Promise<PagesModule>>();
  private resolved = new Map<string, PagesModule>();

  constructor(
    private readonly i18n: I18n,
    private readonly load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
    private readonly contract: { hostVersion: string; onMismatch(mismatch: ContractMismatch): void } = {
      hostVersion: CONTRACT_VERSION,
      onMismatch: reportContractMismatch,
    },
  ) {
    beforeLocaleSwitch(i18n, (locale) => Promise.all([...this.resolved.values()].map((m) => this.registerTexts(m, [locale]))));
  }

  /** Registers the module's texts for `locales` (all it has, for a remote that exports `resources`). */
  private async registerTexts(m: PagesModule, locales: readonly string[]): Promise<void> {
    if (m[FALLBACK_MARK] || !m.namespace) return;
    const ns = m.namespace;
    const add = (lng: string, bundle: Record<string, unknown>) => {
      if (!this.i18n.hasResourceBundle(lng, ns)) this.i18n.addResourceBundle(lng, ns, bundle, true, false);
    };
    if (m.loadResources) {
      const load = m.loadResources.bind(m);
      await Promise.all(locales.filter((lng) => !this.i18n.hasResourceBundle(lng, ns)).map(async (lng) => add(lng, await load(lng))));
    } else if (m.resources) {
      for (const [lng, bundle] of Object.entries(m.resources)) add(lng, bundle);
    }
  }

  peek(remote: string): PagesModule | undefined {
    return this.resolved.get(remote);
  }

  get(remote: string): Promise<PagesModule> {
    let p = this.cache.get(remote);
    if (!p) {
      p = this.load(`${remote}/pages`)
        .then(async (mod) => {
          const m = (mod ?? createFallbackModule(remote)) as PagesModule;
          if (!m[FALLBACK_MARK] && contractCompatibility(this.contract.hostVersion, m.contractVersion) === 'major-mismatch') {
            this.contract.onMismatch({ remote, hostVersion: this.contract.hostVersion, remoteVersion: String(m.contractVersion) });
            // kept, unlike a load failure: the runtime holds on to the loaded remote until the page reloads
            const fallback = createFallbackModule(remote);
            this.resolved.set(remote, fallback);
            return fallback;
          }
          await this.registerTexts(m, activeLocales(this.i18n));
          // a language switch that started meanwhile did not see this remote yet
          await this.registerTexts(m, activeLocales(this.i18n));
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
