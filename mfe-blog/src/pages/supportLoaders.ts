// The server-render loaders of the support and status pages, merged into `./pages`' `loaders` by index.ts. A failure
// (api down, slow) rejects: the shell then renders without data and the page fetches in the browser.
import type { Faq, RemoteLoadersOf, StatusPage } from 'shared-contracts';
import { faqKey, fetchFaq, fetchStatus, statusKey, type SupportSnapshot } from '../supportData/supportData';

export const supportLoaders = {
  Support: async ({ api, locale }) => {
    const snapshot: SupportSnapshot<Faq> = { key: faqKey(locale), data: await fetchFaq(api, locale) };
    return snapshot;
  },
  Status: async ({ api }) => {
    const snapshot: SupportSnapshot<StatusPage> = { key: statusKey(), data: await fetchStatus(api) };
    return snapshot;
  },
} satisfies RemoteLoadersOf<'mfe_blog'>;
