// Standalone dev host: `pnpm --filter mfe-profile dev`, then http://localhost:8083/?page=ProfileWallet
import { mountStandalone } from 'remote-kit/standalone';
import { namespace, pages, resources } from './pages';

mountStandalone({ namespace, pages, resources });
