// Standalone dev host: `pnpm --filter mfe-exchange dev`, then http://localhost:8081/?page=ExchangePair&from=btc&to=eth
import { mountStandalone } from 'remote-kit/standalone';
import { loadResources, namespace, pages } from './pages';

void mountStandalone({ namespace, pages, loadResources });
