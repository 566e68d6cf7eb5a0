// Standalone dev host: `pnpm --filter mfe-order dev`, then http://localhost:8082/?page=Order&id=pending
import { mountStandalone } from 'remote-kit/standalone';
import { namespace, pages, resources } from './pages';

mountStandalone({ namespace, pages, resources });
