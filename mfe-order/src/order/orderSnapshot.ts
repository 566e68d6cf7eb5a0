// The order page's first view, loaded by the server before it renders the page (shared-contracts `PageLoader`) and
// handed back as `host.initialData`: the order store starts ready from it.
import type { ApiClient, Order } from 'shared-contracts';

export interface OrderSnapshot {
  kind: 'mfe_order.order';
  orderId: string;
  destinationAddress: string;
  order: Order;
}

/** The snapshot's order, when it is the one of this id and destination address. */
export function snapshotOrder(value: unknown, orderId: string | undefined, destinationAddress: string | null | undefined): Order | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as Partial<OrderSnapshot>;
  return s.kind === 'mfe_order.order' && s.orderId === orderId && s.destinationAddress === destinationAddress?.trim() ? s.order : undefined;
}

/**
 * The public order info of `/order/{id}?destinationAddress=…`; undefined for `/order/pending`, a missing address or
 * any error (the browser then fetches and shows its own states).
 */
export async function loadOrderSnapshot(
  api: Pick<ApiClient, 'orderPublicInfo'>,
  orderId: string | undefined,
  destinationAddress: string | null | undefined,
): Promise<OrderSnapshot | undefined> {
  const destination = destinationAddress?.trim();
  if (!orderId || orderId === 'pending' || !destination) return undefined;
  try {
    const order = await api.orderPublicInfo({ query: { orderId, destinationAddress: destination } });
    return { kind: 'mfe_order.order', orderId, destinationAddress: destination, order };
  } catch {
    return undefined;
  }
}
