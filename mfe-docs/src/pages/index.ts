// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePagesOf } from 'shared-contracts';
import { DocsPage } from './DocsPage';
import { DocsArticlePage } from './DocsArticlePage';

export { namespace, resources } from '../i18n';
export const pages = { Docs: DocsPage, DocsPage: DocsArticlePage } satisfies RemotePagesOf<'mfe_docs'>;
