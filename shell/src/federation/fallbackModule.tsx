import type { RemotePageProps, RemotePages } from 'shared-contracts';
import { RemoteFallback } from '../components/RemoteFallback';

export const FALLBACK_MARK = '__shellRemoteFallback';

export interface PagesModule {
  pages: RemotePages;
  namespace: string;
  resources: Record<string, Record<string, unknown>>;
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
  return { pages, namespace: 'shell', resources: {}, [FALLBACK_MARK]: remote };
}
