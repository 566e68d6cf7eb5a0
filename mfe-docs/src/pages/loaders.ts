// The first view's data of the docs pages (§2 `/docs`, `/docs/{slug}`), loaded by the server before it renders them
// and handed to the page as `host.initialData` (the same value at hydration). An unknown slug is a `not-found` view.
import type { RemoteLoadersOf } from 'shared-contracts';
import { loadDocsView } from '../features/docs/docsView';

export const loaders = {
  Docs: ({ api, locale }) => loadDocsView(api, { locale, slug: null }),
  DocsPage: ({ api, locale, params }) => loadDocsView(api, { locale, slug: params.slug }),
} satisfies RemoteLoadersOf<'mfe_docs'>;
