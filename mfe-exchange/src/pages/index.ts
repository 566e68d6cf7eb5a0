// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePagesOf } from 'shared-contracts';
import { HomePage } from './HomePage';
import { ExchangePairPage } from './ExchangePairPage';
import { PopularExchangesPage } from './PopularExchangesPage';

export { namespace, resources } from '../i18n';
export const pages = { Home: HomePage, ExchangePair: ExchangePairPage, PopularExchanges: PopularExchangesPage } satisfies RemotePagesOf<'mfe_exchange'>;
