// The first view's data of the order page, loaded by the server before it renders it (`host.initialData`).
import { pageQuery, type RemoteLoadersOf } from 'shared-contracts';
import { loadOrderSnapshot } from '../features/order/orderSnapshot';

export const loaders = {
  Order: ({ api, params, query }) => loadOrderSnapshot(api, params.id, pageQuery({ query }, 'mfe_order', 'Order').destinationAddress),
} satisfies RemoteLoadersOf<'mfe_order'>;
