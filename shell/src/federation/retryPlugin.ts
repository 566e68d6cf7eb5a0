// Runtime plugin: retries manifest fetches and remote script loads before giving up (DESIGN rule 2).
// Our own over the runtime's hooks rather than @module-federation/retry-plugin: that package imports
// @module-federation/sdk's ESM build beside the CommonJS one the entry's runtime already carries, a second copy of
// the SDK in the first load (issue 27). It also dropped `retryDelay` for fetches (1 s apart, not the 300 ms asked).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Tries after the first failure, and the pause before each. */
export const RETRY = { times: 2, delayMs: 300 } as const;

type Hook<K extends keyof ModuleFederationRuntimePlugin> = NonNullable<ModuleFederationRuntimePlugin[K]> extends (...args: never[]) => infer R ? R : never;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `attempt` once and then up to RETRY.times more, RETRY.delayMs apart; the last failure is thrown. */
export async function withRetries<T>(attempt: () => Promise<T>, beforeEach: () => void = () => undefined): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      beforeEach();
      return await attempt();
    } catch (error) {
      if (tries >= RETRY.times) throw error;
      await pause(RETRY.delayMs);
    }
  }
}

/** A manifest answer counts only when it is 200-ish and its body parses as JSON. */
async function fetchManifest(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`[federation retry] ${url}: ${response.status}`);
  await response
    .clone()
    .json()
    .catch((error: unknown) => {
      throw new Error(`[federation retry] ${url}: the body is not JSON (${String(error)})`);
    });
  return response;
}

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-retry',
    fetch(url, init) {
      return withRetries(() => fetchManifest(url, init));
    },
    // a remoteEntry script that did not load: loaded again, forgetting the failed attempt the runtime keeps
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      // the runtime's type wraps the entry in one Promise too many; the entry (or undefined) is what it awaits
      return withRetries(
        () => getRemoteEntry({ origin, remoteInfo, remoteEntryExports }),
        () => delete globalLoading[uniqueKey],
      ) as Hook<'loadEntryError'>;
    },
    // an exposed module's chunk that did not load
    getModuleFactory({ remoteEntryExports, expose }) {
      return withRetries(async () => remoteEntryExports.get(expose)) as Hook<'getModuleFactory'>;
    },
  };
}
