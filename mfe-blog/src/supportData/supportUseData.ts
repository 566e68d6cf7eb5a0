import { useEffect, useState } from 'react';
import type { HostServices } from 'shared-contracts';
import { snapshotData } from './supportData';
import { SupportDataStore } from './supportDataStore';

/** The store of one page request (`key`): from the server's snapshot when `host.initialData` is this request's, else fetched after mount. */
export function useSupportData<T>(host: HostServices, key: string, fetch: () => Promise<T>): SupportDataStore<T> {
  const [store] = useState(() => new SupportDataStore<T>(fetch, snapshotData<T>(host.initialData, key)));
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  return store;
}
