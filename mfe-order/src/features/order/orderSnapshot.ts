// The order page's first view, loaded by the server before it renders the page (shared-contracts `PageLoader`) and
// handed back as `host.initialData`: the order store starts ready from it.
import type { ApiClient, Instrument, Order } from 'shared-contracts';
import { findInstrument } from './instruments';

export interface OrderSnapshot {
  kind: 'mfe_order.order';
  orderId: string;
  destinationAddress: string;
  order: Order;
  /** The catalogue entries of the order's two instruments (display precision, explorer links, token contract). */
  instruments?: Instrument[];
}

function snapshotOf(value: unknown, orderId: string | undefined, destinationAddress: string | null | undefined): Partial<OrderSnapshot> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = value as Partial<OrderSnapshot>;
  return s.kind === 'mfe_order.order' && s.orderId === orderId && s.destinationAddress === destinationAddress?.trim() ? s : undefined;
}

/** The snapshot's order, when it is the one of this id and destination address. */
export function snapshotOrder(value: unknown, orderId: string | undefined, destinationAddress: string | null | undefined): Order | undefined {
  return snapshotOf(value, orderId, destinationAddress)?.order;
}

/** The snapshot's instruments, when it is the one of this id and destination address. */
export function snapshotInstruments(value: unknown, orderId: string | undefined, destinationAddress: string | null | undefined): Instrument[] | undefined {
  const list = snapshotOf(value, orderId, destinationAddress)?.instruments;
  return Array.isArray(list) && list.length > 0 ? list : undefined;
}

/**
 * The public order info of `/order/{id}?destinationAddress=…` with the catalogue entries of its two instruments
 * (fetched alongside; without them the page still renders, with default precision and no explorer links, and the
 * browser fetches the catalogue); undefined for `/order/pending`, a missing address or any error of the order
 * (the browser then fetches and shows its own states).
 */
export async function loadOrderSnapshot(
  api: Pick<ApiClient, 'orderPublicInfo' | 'instrumentsV2'>,
  orderId: string | undefined,
  destinationAddress: string | null | undefined,
): Promise<OrderSnapshot | undefined> {
  const destination = destinationAddress?.trim();
  if (!orderId || orderId === 'pending' || !destination) return undefined;
  const catalogue = (async () => api.instrumentsV2({ query: { all: 'true' } }))().catch(() => undefined);
  try {
    const order = await api.orderPublicInfo({ query: { orderId, destinationAddress: destination } });
    const list = await catalogue;
    const instruments = list
      ? [order.pair.instrumentFrom, order.pair.instrumentTo].map((ref) => findInstrument(list, ref)).filter((i): i is Instrument => !!i)
      : [];
    return { kind: 'mfe_order.order', orderId, destinationAddress: destination, order, ...(instruments.length ? { instruments } : {}) };
  } catch {
    return undefined;
  }
}
