// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePagesOf } from 'shared-contracts';
import { OrderPage } from './OrderPage';

export { namespace, resources } from '../i18n';
export const pages = { Order: OrderPage } satisfies RemotePagesOf<'mfe_order'>;
