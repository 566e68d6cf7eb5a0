// `./pages` (ARCHITECTURE.md): pages, namespace, resources.
import type { RemotePages } from 'shared-contracts';
import { OrderPage } from './OrderPage';

export { namespace, resources } from '../i18n';
export const pages: RemotePages = { Order: OrderPage };
