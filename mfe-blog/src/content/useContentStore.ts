import { useEffect, useState } from 'react';
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

/** One per locale: building an Intl.DateTimeFormat costs far more than formatting with it (a list formats every post's date). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026-10-02` in the page's locale, the same on the server and in the browser (a date, no time zone). */
export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
