import type { RemotePages } from 'shared-contracts';
import { OrderPage } from './OrderPage';

export const namespace = 'mfe-order';
export const resources = { en: { title: 'Order' }, ru: { title: 'Заказ' } };
export const pages: RemotePages = { Order: OrderPage };
