import { useEffect, useState } from 'react';
import { formatCalendarDate } from 'remote-kit/format';
import type { HostServices } from 'shared-contracts';
import { type Loaded, snapshotResult } from './contentData';
import { ContentStore } from './ContentStore';

/**
 * The store of one page request (`key`): from the server's result when `host.initialData` is this request's, else
 * fetched after mount. A result that is not found is the §2 404 (host.notFound once it is known in the browser).
 */
export function useContentStore<T>(host: HostServices, key: string, fetch: () => Promise<Loaded<T>>): ContentStore<T> {
  const [store] = useState(() => new ContentStore<T>(fetch, snapshotResult<T>(host.initialData, key)));
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  const notFound = store.state === 'notFound';
  useEffect(() => {
    if (notFound) host.notFound();
  }, [notFound, host]);
  return store;
}

/** `2026-10-02` in the page's locale, the same on the server and in the browser (a date, no time zone). */
export function formatDate(isoDate: string, locale: string): string {
  return formatCalendarDate(isoDate, locale);
}
