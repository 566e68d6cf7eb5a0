// Standalone dev host: `pnpm --filter mfe-exchange dev`, then http://localhost:8081/?page=ExchangePair&from=btc&to=eth
import { mountStandalone } from 'remote-kit/standalone';
import { namespace, pages, resources } from './pages';

mountStandalone({ namespace, pages, resources });
