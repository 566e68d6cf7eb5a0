// The first view's data of the support and status pages, fetched the same way by the server's loaders
// (supportLoaders.ts → `host.initialData`) and by the page itself after a client navigation. A snapshot carries the
// request it answers (`key`), so a page never takes another request's data (a later locale, another page).
import type { ApiClient, Faq, LocaleCode, StatusPage } from 'shared-contracts';

export type SupportApi = Pick<ApiClient, 'contentFaq' | 'statusPage' | 'supportRequestCreate' | 'supportOrderLookup'>;

/** What a loader hands its page: the data and the request it answers. JSON, so it travels in the HTML as it is. */
export interface SupportSnapshot<T> {
  key: string;
  data: T;
}

export const faqKey = (locale: LocaleCode) => `faq:${locale}`;
export const statusKey = () => 'status';

export function fetchFaq(api: Pick<SupportApi, 'contentFaq'>, locale: LocaleCode): Promise<Faq> {
  return api.contentFaq({ query: { locale } });
}

export function fetchStatus(api: Pick<SupportApi, 'statusPage'>): Promise<StatusPage> {
  return api.statusPage();
}

/** The loader's data when `initialData` answers this request, else undefined (the page fetches). */
export function snapshotData<T>(initialData: unknown, key: string): T | undefined {
  if (typeof initialData !== 'object' || initialData === null) return undefined;
  const snapshot = initialData as Partial<SupportSnapshot<T>>;
  return snapshot.key === key && snapshot.data !== undefined ? snapshot.data : undefined;
}
