// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePages } from 'shared-contracts';
import { HomePage } from './HomePage';
import { ExchangePairPage } from './ExchangePairPage';
import { PopularExchangesPage } from './PopularExchangesPage';

export { namespace, resources } from '../i18n';
export const pages: RemotePages = { Home: HomePage, ExchangePair: ExchangePairPage, PopularExchanges: PopularExchangesPage };
