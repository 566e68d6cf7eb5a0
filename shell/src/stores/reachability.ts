// §4 internet reachability, asked of something that is not our api: navigator.onLine, and when web's runtime
// configuration names one (REACHABILITY_URL, handed to the page as a meta tag), a request to that URL. Without the URL,
// navigator.onLine alone decides.

/** The `<meta name=…>` web writes REACHABILITY_URL into (server/document.ts) and bootstrap reads. */
export const REACHABILITY_META = 'reachability-url';

const PROBE_TIMEOUT_MS = 5_000;

export interface ReachabilityEnv {
  onLine(): boolean;
  /** REACHABILITY_URL; absent: navigator.onLine alone decides */
  url?: string;
  /** resolves when `url` answered anything at all, rejects when it could not be reached */
  probe(url: string, timeoutMs: number): Promise<unknown>;
}

export async function internetReachable(env: ReachabilityEnv): Promise<boolean> {
  if (!env.onLine()) return false;
  if (!env.url) return true;
  try {
    await env.probe(env.url, PROBE_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

/** A request whose answer is opaque (another origin): that it arrived is all that counts. */
export function fetchProbe(url: string, timeoutMs: number): Promise<unknown> {
  return fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) });
}

/** REACHABILITY_URL as web validated it: an absolute http(s) URL, else undefined. */
export function reachabilityUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
