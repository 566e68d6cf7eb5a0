// Where web finds each remote's server entry and manifest, and the watch that picks up a redeployed remote:
// its mf-manifest.json (browser and server halves are built by one webpack call, so a new server build comes
// with a new manifest) is fetched at most every `intervalMs`; a changed one re-registers the remote with
// `force`, so the next render fetches the new server entry instead of the cached container.
import { REMOTES } from 'shared-contracts/remotes';

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

export const serverEntryOf = (remote: ServerRemote) => `${remote.serverBase}/server/remoteEntry.js`;

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
  register: (remotes: { name: string; entry: string }[], options: { force: boolean }) => void;
  log: (message: string) => void;
}

/** Past this a remote's stylesheet is linked, not inlined (critical CSS is the small start-up part). */
export const INLINE_CSS_MAX_BYTES = 32 * 1024;

export class RemoteWatch {
  private seen = new Map<string, { text: string; manifest: Manifest }>();
  /** stylesheet texts by remote and file (`assets/1.aaa.css`): a hashed file never changes, a redeploy brings new names */
  private cssTexts = new Map<string, Map<string, string>>();
  private lastStart: number | null = null;
  private inFlight: Promise<void> | null = null;

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

  /** Replaces one remote's container on the next render (a breaker that opened: the next trial starts clean). */
  evict(name: string): void {
    const remote = this.remotes.find((r) => r.name === name);
    if (remote) this.options.register([{ name: remote.name, entry: serverEntryOf(remote) }], { force: true });
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
        if (!before || before.text !== text) await this.loadCss(remote);
        if (before && before.text !== text) changed.push(remote);
      }),
    );
    if (changed.length === 0) return;
    this.options.log(`ssr: redeployed ${changed.map((r) => r.name).join(', ')}: loading the new server code`);
    this.options.register(
      changed.map((r) => ({ name: r.name, entry: serverEntryOf(r) })),
      { force: true },
    );
  }
}
