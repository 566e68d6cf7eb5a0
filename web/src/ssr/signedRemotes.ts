// Code web runs is code a remote's team signed (issue 24; README "How a team signs and ships its slice").
// A remote's server half runs inside web, which sees every visitor's cookies, so web runs it only when it verifies:
//   - trust: each remote's Ed25519 public key(s) from REMOTE_<NAME>_PUBLIC_KEY; outside production also the
//     workspace's dev key (.data/remote-signing/, made by scripts/build.mjs). Production refuses to start without a
//     key for every remote, or with a remote URL that is plain http off loopback.
//   - verification: dist/server/signature.json (tooling/sign/signature.mjs) must verify with one of those keys and
//     name this remote; then every script it lists is fetched and its sha256 compared. Only then are the bytes kept.
//   - running: the federation runtime is given an entry on a name that never resolves
//     (https://signed-remotes.invalid/<remote>/<digest>/remoteEntry.js); web's fetch answers that origin from the
//     verified bytes alone, so neither the entry nor a chunk is fetched again from the remote's host (no window
//     between checking and running), and a refused remote's entry fails to load like a missing one: its slot is the
//     skeleton and the browser renders the page.
import { createHash, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES } from 'shared-contracts/remotes';
import { devKeyPaths, parsePublicKeys, SIGNATURE_FILE, verifySignature } from 'tooling/sign';
import type { ServerRemote } from './remotes';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKSPACE = path.resolve(here, '../../..');

/** The origin of verified code: `.invalid` never resolves, so nothing but web's own answer can come from it. */
const SIGNED_ORIGIN = 'https://signed-remotes.invalid';

export interface RemoteTrust {
  /** production: configured keys only, https remote URLs off loopback */
  production: boolean;
  /** each remote's trusted public keys */
  keys: Map<string, KeyObject[]>;
  /** configuration web accepts outside production but says something about at start */
  warnings: string[];
}

type Env = Record<string, string | undefined>;

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * web runs as production when NODE_ENV=production and the site is served over https (PUBLIC_ORIGIN), unless
 * SANDBOX_MODE=true: a site on plain http is a sandbox or a local stack (the api refuses real mode without https).
 */
export function isProductionWeb(env: Env): boolean {
  const https = (env.PUBLIC_ORIGIN ?? '').split(',').some((o) => o.trim().startsWith('https://'));
  return env.NODE_ENV === 'production' && env.SANDBOX_MODE !== 'true' && https;
}

/**
 * Each remote's trusted keys and the checks of its URLs. Throws (web refuses to start) on a key that does not parse,
 * and in production on a remote without a key or a remote URL on plain http off loopback.
 */
export function loadRemoteTrust(env: Env, options: { devPublicKeyFile?: string } = {}): RemoteTrust {
  const production = isProductionWeb(env);
  const devFile = options.devPublicKeyFile ?? devKeyPaths(WORKSPACE).publicKey;
  const devKeys = !production && existsSync(devFile) ? parsePublicKeys(readFileSync(devFile, 'utf8')) : [];
  const keys = new Map<string, KeyObject[]>();
  const warnings: string[] = [];
  const problems: string[] = [];
  for (const r of REMOTES) {
    const prefix = `REMOTE_${r.name.toUpperCase()}`;
    let configured: KeyObject[];
    try {
      configured = parsePublicKeys(env[`${prefix}_PUBLIC_KEY`]);
    } catch (error) {
      throw new Error(`Invalid configuration: ${prefix}_PUBLIC_KEY: ${(error as Error).message}`);
    }
    // SSR=off: web runs no remote code, so needs no key (the https rule below still holds: browsers load them)
    if (production && configured.length === 0 && env.SSR !== 'off')
      problems.push(`${prefix}_PUBLIC_KEY is required in production (the Ed25519 public key ${r.dir}'s team signs with)`);
    keys.set(r.name, [...configured, ...devKeys]);
    for (const name of [`${prefix}_URL`, `${prefix}_SERVER_URL`]) {
      const value = env[name]?.trim();
      if (!value) continue;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new Error(`Invalid configuration: ${name}: "${value}" is not a URL`);
      }
      if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) continue;
      const why = `${name}: "${value}" is ${url.protocol === 'http:' ? 'plain http off loopback' : `not http(s)`}`;
      if (production || url.protocol !== 'http:') problems.push(`${why}: use https`);
      else warnings.push(`${why} (accepted outside production: the server code is still verified)`);
    }
  }
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  if (!production && devKeys.length === 0 && REMOTES.some((r) => (keys.get(r.name) ?? []).length === 0)) {
    warnings.push(`no dev signing key at ${devFile} (node scripts/build.mjs makes one): remotes without REMOTE_<NAME>_PUBLIC_KEY are not server-rendered`);
  }
  return { production, keys, warnings };
}

interface Verified {
  remote: string;
  digest: string;
  keyId: string;
  files: Map<string, Buffer>;
}

/** Every verified remote version web holds, by `<remote>/<digest>` (one per remote: a new one replaces the old). */
const VERIFIED = new Map<string, Verified>();

const verifiedEntryOf = (remote: string, digest: string) => `${SIGNED_ORIGIN}/${remote}/${digest}/remoteEntry.js`;
/** A refused (or not yet verified) remote's entry: web's fetch refuses it, so it fails to load like a missing remote. */
export const refusedEntryOf = (remote: string) => `${SIGNED_ORIGIN}/${remote}/refused/remoteEntry.js`;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Thrown when a remote's server code does not verify; `retry`: the signature was fine, a file was not (yet). */
export class RefusedCode extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * Fetches and checks a remote's signature.json and every script it lists; answers the entry to register (on
 * SIGNED_ORIGIN) or throws RefusedCode. `signatureText` is the signature.json already fetched.
 */
export async function verifyRemoteCode(
  remote: ServerRemote,
  signatureText: string,
  keys: KeyObject[],
  fetchBytes: (url: string) => Promise<Buffer>,
): Promise<{ entry: string; keyId: string; files: number }> {
  let signed: ReturnType<typeof verifySignature>;
  try {
    signed = verifySignature(signatureText, remote.name, keys);
  } catch (error) {
    throw new RefusedCode((error as Error).message, false);
  }
  const files = new Map<string, Buffer>();
  await Promise.all(
    Object.entries(signed.files)
      .filter(([rel]) => rel.endsWith('.js'))
      .map(async ([rel, hash]) => {
        let bytes: Buffer;
        try {
          bytes = await fetchBytes(`${remote.serverBase}/server/${rel}`);
        } catch (error) {
          throw new RefusedCode(`server/${rel} is not available (${(error as Error).message})`, true);
        }
        if (sha256(bytes) !== hash) throw new RefusedCode(`server/${rel} does not match its signature`, true);
        files.set(rel, bytes);
      }),
  );
  for (const key of VERIFIED.keys()) if (key.startsWith(`${remote.name}/`)) VERIFIED.delete(key);
  VERIFIED.set(`${remote.name}/${signed.digest}`, { remote: remote.name, digest: signed.digest, keyId: signed.keyId, files });
  return { entry: verifiedEntryOf(remote.name, signed.digest), keyId: signed.keyId, files: files.size };
}

/** Forgets a remote's verified code (it was refused since): its old entry no longer loads either. */
export function forgetRemoteCode(remote: string): void {
  for (const key of VERIFIED.keys()) if (key.startsWith(`${remote}/`)) VERIFIED.delete(key);
}

/** web's answer to a fetch of SIGNED_ORIGIN: the verified bytes, or a network error (never the remote's host). */
function answerSigned(url: string): Promise<Response> {
  const rest = url.slice(SIGNED_ORIGIN.length + 1).split(/[?#]/)[0];
  const [remote, digest, ...file] = rest.split('/');
  const bytes = VERIFIED.get(`${remote}/${digest}`)?.files.get(file.join('/'));
  if (!bytes) return Promise.reject(new TypeError(`fetch failed: ${url} is no verified server code`));
  return Promise.resolve(new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8' } }));
}

const INSTALLED: unique symbol = Symbol.for('exchange.web.signedRemoteFetch');

/**
 * Routes fetches of SIGNED_ORIGIN to the verified bytes (the federation runtime loads remote entries and chunks with
 * the global fetch); every other URL goes to the fetch there was. Once per process.
 */
export function installSignedFetch(): void {
  const g = globalThis as typeof globalThis & { [INSTALLED]?: boolean };
  if (g[INSTALLED]) return;
  const original = globalThis.fetch;
  const signedFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(`${SIGNED_ORIGIN}/`)) return answerSigned(url);
    return original(input, init);
  };
  globalThis.fetch = signedFetch as typeof fetch;
  g[INSTALLED] = true;
}

export { SIGNATURE_FILE };
