// Standalone dev host: `pnpm --filter mfe-profile dev`, then http://localhost:8083/?page=ProfileWallet
import { mountStandalone } from 'remote-kit/standalone';
import { loadResources, namespace, pages } from './pages';

void mountStandalone({ namespace, pages, loadResources });
