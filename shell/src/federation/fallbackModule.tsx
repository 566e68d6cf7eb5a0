import type { RemotePageProps, RemotePages } from 'shared-contracts';
import { RemoteFallback } from '../components/RemoteFallback';

export const FALLBACK_MARK = '__shellRemoteFallback';

export interface PagesModule {
  pages: RemotePages;
  namespace: string;
  /** contract 1.2: one locale's texts of `namespace` (each locale its own chunk); the shell registers only what it shows */
  loadResources?(locale: string): Promise<Record<string, unknown>>;
  /** every locale's texts at once: remotes built against contract 1.0/1.1 */
  resources?: Record<string, Record<string, unknown>>;
  /** the shared-contracts version the remote was built against (absent from remotes built before it was recorded) */
  contractVersion?: unknown;
  [FALLBACK_MARK]?: string;
}

function FallbackPage(_props: RemotePageProps) {
  return <RemoteFallback />;
}

/** A stand-in for a remote's `./pages` module: every page name renders the fallback. */
export function createFallbackModule(remote: string): PagesModule {
  const pages = new Proxy({} as RemotePages, { get: (_t, key) => (typeof key === 'string' ? FallbackPage : undefined) });
  return { pages, namespace: 'shell', [FALLBACK_MARK]: remote };
}
