// Standalone dev host: `pnpm --filter mfe-docs dev`, then http://localhost:8085/?page=DocsPage&slug=api
import { mountStandalone } from 'remote-kit/standalone';
import { loadResources, namespace, pages } from './pages';

void mountStandalone({ namespace, pages, loadResources });
