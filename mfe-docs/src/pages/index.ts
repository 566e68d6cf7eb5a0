// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePages } from 'shared-contracts';
import { DocsPage } from './DocsPage';
import { DocsArticlePage } from './DocsArticlePage';

export { namespace, resources } from '../i18n';
export const pages: RemotePages = { Docs: DocsPage, DocsPage: DocsArticlePage };
