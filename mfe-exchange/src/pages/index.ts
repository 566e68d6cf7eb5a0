// `./pages` (ARCHITECTURE.md): pages, namespace, loadResources (one chunk per locale), contractVersion.
import type { RemotePagesOf } from 'shared-contracts';
import { HomePage } from './HomePage';
import { ExchangePairPage } from './ExchangePairPage';
import { PopularExchangesPage } from './popularPage';

export { namespace, loadResources } from '../i18n';
// contract 1.2: the first view's data, loaded by the server
export { loaders } from './loaders';
// DESIGN rule 8: the shared-contracts version this remote was compiled against, written in by the webpack factory
// (importing CONTRACT_VERSION would give the host's shared copy); undefined only outside webpack (jest).
export const contractVersion: string | undefined = typeof __CONTRACT_VERSION__ === 'string' ? __CONTRACT_VERSION__ : undefined;
export const pages = { Home: HomePage, ExchangePair: ExchangePairPage, PopularExchanges: PopularExchangesPage } satisfies RemotePagesOf<'mfe_exchange'>;
