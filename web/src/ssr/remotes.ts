// Where web finds each remote's server entry and manifest, and the watch that picks up a redeployed remote:
// its mf-manifest.json (browser and server halves are built by one webpack call, so a new server build comes
// with a new manifest) is fetched at most every `intervalMs`; a changed one has its server code verified again
// (signedRemotes.ts: signature.json and every script's hash) and re-registers the remote with `force`, so the next
// render loads the new verified entry instead of the cached container. A refused remote is registered with an
// entry that cannot load (its slot is the skeleton) and is retried at each check, said once per reason.
import type { KeyObject } from 'node:crypto';
import { REMOTES } from 'shared-contracts/remotes';
import { forgetRemoteCode, RefusedCode, refusedEntryOf, SIGNATURE_FILE, verifyRemoteCode } from './signedRemotes';

export interface ServerRemote {
  name: string;
  dir: string;
  /** the base web fetches from (server side): `…/mf-manifest.json`, `…/server/remoteEntry.js` */
  serverBase: string;
  /** the base the browser loads the remote from; null: web's own `/remotes/<dir>` */
  publicBase: string | null;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The remotes of `/remotes.json` (`remotesManifest` in main.ts), seen from web's side: REMOTE_<NAME>_URL, or
 * REMOTE_<NAME>_SERVER_URL when web reaches the remote at another address than browsers do (compose: the
 * service name), else web's own `/remotes/<dir>` over loopback.
 */
export function serverRemotes(env: Record<string, string | undefined>, selfOrigin: string): ServerRemote[] {
  return REMOTES.map((r) => {
    const key = `REMOTE_${r.name.toUpperCase()}`;
    const own = env[`${key}_URL`]?.trim();
    const server = env[`${key}_SERVER_URL`]?.trim();
    const publicBase = own ? trimSlash(own) : null;
    return { name: r.name, dir: r.dir, publicBase, serverBase: server ? trimSlash(server) : (publicBase ?? `${trimSlash(selfOrigin)}/remotes/${r.dir}`) };
  });
}

interface ManifestExpose {
  name?: string;
  path?: string;
  assets?: { css?: { sync?: string[] }; js?: { sync?: string[] } };
}
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: ManifestExpose[];
}

export interface WatchOptions {
  intervalMs: number;
  now: () => number;
  fetchText: (url: string) => Promise<string>;
  /** a server script, as bytes (hashed before it is kept) */
  fetchBytes: (url: string) => Promise<Buffer>;
  /** the remote's trusted public keys (signedRemotes.ts loadRemoteTrust) */
  keysFor: (name: string) => KeyObject[];
  register: (remotes: { name: string; entry: string }[], options: { force: boolean }) => void;
  log: (message: string) => void;
  /** a remote's server code was refused (once per reason): the metric */
  onRefused?: (name: string, reason: string) => void;
}

/** Where a remote's server code stands: the entry registered for it, and what was refused last (if it was). */
interface CodeState {
  entry: string;
  signature?: string;
  refused?: { reason: string; retry: boolean };
}

/** Past this a remote's stylesheet is linked, not inlined (critical CSS is the small start-up part). */
export const INLINE_CSS_MAX_BYTES = 32 * 1024;

export class RemoteWatch {
  private seen = new Map<string, { text: string; manifest: Manifest }>();
  /** stylesheet texts by remote and file (`assets/1.aaa.css`): a hashed file never changes, a redeploy brings new names */
  private cssTexts = new Map<string, Map<string, string>>();
  private lastStart: number | null = null;
  private inFlight: Promise<void> | null = null;
  private code = new Map<string, CodeState>();

  constructor(
    private readonly remotes: ServerRemote[],
    private readonly options: WatchOptions,
  ) {}

  /** Starts a check of every manifest unless one ran less than `intervalMs` ago; resolves when the current check is done. */
  refreshIfDue(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    const now = this.options.now();
    if (this.lastStart !== null && now - this.lastStart < this.options.intervalMs) return Promise.resolve();
    this.lastStart = now;
    this.inFlight = this.check().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** The remote's server code was refused (its pages go out with the skeleton: no failure of its breaker). */
  refused(name: string): boolean {
    return !!this.code.get(name)?.refused;
  }

  /** Replaces one remote's container on the next render (a breaker that opened: the next trial starts clean). */
  evict(name: string): void {
    const remote = this.remotes.find((r) => r.name === name);
    if (remote) this.options.register([{ name: remote.name, entry: this.code.get(name)?.entry ?? refusedEntryOf(name) }], { force: true });
  }

  /**
   * Verifies the remote's server code unless the signature.json is the one already verified (or refused for good):
   * answers the entry to register when it changed, else null.
   */
  private async verify(remote: ServerRemote): Promise<string | null> {
    const state = this.code.get(remote.name);
    let signature: string;
    try {
      signature = await this.options.fetchText(`${remote.serverBase}/server/${SIGNATURE_FILE}`);
    } catch (error) {
      return this.refuse(remote, undefined, new RefusedCode(`its server/${SIGNATURE_FILE} is not available (${(error as Error).message})`, true));
    }
    if (state?.signature === signature && !state.refused?.retry) return null;
    try {
      const verified = await verifyRemoteCode(remote, signature, this.options.keysFor(remote.name), this.options.fetchBytes);
      this.options.log(`ssr: ${remote.name} server code verified (key ${verified.keyId}, ${verified.files} scripts)`);
      this.code.set(remote.name, { entry: verified.entry, signature });
      return verified.entry;
    } catch (error) {
      if (!(error instanceof RefusedCode)) throw error;
      return this.refuse(remote, signature, error);
    }
  }

  private refuse(remote: ServerRemote, signature: string | undefined, error: RefusedCode): string | null {
    const before = this.code.get(remote.name);
    const entry = refusedEntryOf(remote.name);
    this.code.set(remote.name, { entry, signature, refused: { reason: error.message, retry: error.retry } });
    forgetRemoteCode(remote.name);
    if (before?.refused?.reason !== error.message) {
      this.options.log(`ssr: ${remote.name} server code refused: ${error.message}; its pages are rendered by the browser`);
      this.options.onRefused?.(remote.name, error.message);
    }
    return before?.entry === entry ? null : entry;
  }

  /**
   * The stylesheets a remote's `./pages` needs (its manifest's `exposes[].assets.css.sync`), as URLs for the
   * page's head: absolute for a remote with its own URL; under `origin` (the page's own) for one web serves,
   * which is the URL the remote's runtime computes too, so it does not load them a second time.
   */
  cssFor(name: string, origin = ''): string[] {
    return this.assetsOf(name, origin, (_manifest, expose) => expose?.assets?.css?.sync ?? []);
  }

  /**
   * The scripts the browser loads before it can hydrate a page of this remote: its remoteEntry and the `./pages`
   * chunks (`exposes[].assets.js.sync`), for `<link rel="preload">` in the page's head (the same URLs the
   * federation runtime asks for, so nothing is fetched twice).
   */
  scriptsFor(name: string, origin = ''): string[] {
    return this.assetsOf(name, origin, (manifest, expose) => {
      const entry = manifest.metaData?.remoteEntry;
      const entryFile = entry?.name ? `${entry.path ? `${trimSlash(entry.path)}/` : ''}${entry.name}` : 'remoteEntry.js';
      return [entryFile, ...(expose?.assets?.js?.sync ?? [])];
    });
  }

  /**
   * The remote's stylesheets for the head, each with its text when it is known and small: web inlines those as
   * `<style data-href>` (no render-blocking request; mini-css-extract finds the data-href and loads nothing).
   */
  stylesFor(name: string, origin = ''): { href: string; text?: string }[] {
    const files = this.rawCssFiles(name);
    const texts = this.cssTexts.get(name);
    return this.cssFor(name, origin).map((href, i) => ({ href, text: texts?.get(files[i]) }));
  }

  private rawCssFiles(name: string): string[] {
    const manifest = this.seen.get(name)?.manifest;
    return manifest?.exposes?.find((e) => e.path === './pages' || e.name === 'pages')?.assets?.css?.sync ?? [];
  }

  private async loadCss(remote: ServerRemote): Promise<void> {
    const files = this.rawCssFiles(remote.name);
    const known = this.cssTexts.get(remote.name);
    const next = new Map<string, string>();
    await Promise.all(
      files.map(async (file) => {
        const had = known?.get(file);
        if (had !== undefined) return next.set(file, had);
        try {
          const text = await this.options.fetchText(`${remote.serverBase}/${file.replace(/^\/+/, '')}`);
          if (Buffer.byteLength(text) <= INLINE_CSS_MAX_BYTES) next.set(file, text);
        } catch {
          // linked instead of inlined: the page still gets its styles
        }
      }),
    );
    this.cssTexts.set(remote.name, next);
  }

  private assetsOf(name: string, origin: string, pick: (manifest: Manifest, expose: ManifestExpose | undefined) => string[]): string[] {
    const remote = this.remotes.find((r) => r.name === name);
    const manifest = this.seen.get(name)?.manifest;
    if (!remote || !manifest) return [];
    const expose = manifest.exposes?.find((e) => e.path === './pages' || e.name === 'pages');
    const declared = manifest.metaData?.publicPath;
    const base = declared && declared !== 'auto' ? declared : `${remote.publicBase ?? `${trimSlash(origin)}/remotes/${remote.dir}`}/`;
    return pick(manifest, expose).map((file) => (/^[a-z]+:\/\//i.test(base) ? new URL(file, base).href : `${base}${file}`));
  }

  private async check(): Promise<void> {
    const changed: ServerRemote[] = [];
    const entries: { name: string; entry: string }[] = [];
    await Promise.all(
      this.remotes.map(async (remote) => {
        let text: string;
        let manifest: Manifest;
        try {
          text = await this.options.fetchText(`${remote.serverBase}/mf-manifest.json`);
          manifest = JSON.parse(text) as Manifest;
        } catch (error) {
          // keep what was seen: a remote that is down now is the breaker's business
          if (!this.seen.has(remote.name)) this.options.log(`ssr: ${remote.name} manifest not available yet (${(error as Error).message})`);
          return;
        }
        const before = this.seen.get(remote.name);
        this.seen.set(remote.name, { text, manifest });
        const fresh = !before || before.text !== text;
        if (fresh) await this.loadCss(remote);
        // a new manifest, a remote never verified, or a refused one (its signature.json is fetched again: a fixed or
        // completed deploy is taken without waiting for another manifest)
        const state = this.code.get(remote.name);
        if (!fresh && state && !state.refused) return;
        const entry = await this.verify(remote);
        if (!entry) return;
        entries.push({ name: remote.name, entry });
        if (before) changed.push(remote);
      }),
    );
    // (a new manifest with the same signed server code changes nothing: web keeps running the bytes it verified)
    if (changed.length > 0) this.options.log(`ssr: redeployed ${changed.map((r) => r.name).join(', ')}: loading the new server code`);
    if (entries.length > 0) this.options.register(entries, { force: true });
  }
}
