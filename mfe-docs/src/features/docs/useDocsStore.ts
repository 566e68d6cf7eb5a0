import { useEffect, useState } from 'react';
import type { HostServices } from 'shared-contracts';
import { DocsStore } from './DocsStore';
import { initialViewFor } from './docsView';

/**
 * The page's DocsStore: built from `host.initialData` on the server and at hydration (no second fetch), fetching itself
 * after a client navigation, and again when the slug or the locale changes in the same slot.
 */
export function useDocsStore(host: HostServices, slug: string | null): DocsStore {
  const locale = host.locale.current;
  const [store] = useState(() => new DocsStore(host.api, { locale, slug }, initialViewFor(host.initialData, { locale, slug }), (p) => host.trackLoading(p)));
  useEffect(() => {
    store.show({ locale, slug });
  }, [store, locale, slug]);
  useEffect(() => () => store.dispose(), [store]);
  return store;
}
