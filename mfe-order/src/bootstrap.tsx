// Standalone dev host: `pnpm --filter mfe-order dev`, then http://localhost:8082/?page=Order&id=pending
import { mountStandalone } from 'remote-kit/standalone';
import { loadResources, namespace, pages } from './pages';

void mountStandalone({ namespace, pages, loadResources });
