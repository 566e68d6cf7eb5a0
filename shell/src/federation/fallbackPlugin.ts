// Runtime plugin: when a remote cannot be loaded (after the retry plugin gave up), `loadRemote` resolves to a
// module whose pages render a friendly fallback, and the shell is told so it can post a notification.
// This file runs before the shared scope exists, so it must not import React: the fallback module lives in
// an async chunk (fallbackModule.tsx).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const REMOTE_FAILED_EVENT = 'shell:remote-failed';

export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-fallback',
    async errorLoadRemote(args) {
      // Manifest and share failures surface again as `onLoad` of the same loadRemote call.
      if (args.lifecycle !== 'onLoad') return undefined;
      const remote = String(args.id).split('/')[0];
      if (typeof window !== 'undefined') {
        window.dispatchEvent(new CustomEvent(REMOTE_FAILED_EVENT, { detail: { id: args.id, remote, error: args.error } }));
      }
      const { createFallbackModule } = await import('./fallbackModule');
      return createFallbackModule(remote);
    },
  };
}
