// Order history of the signed-in user (§2 /profile/history): only orders.user_id = the user, newest first.
import type { Order } from 'shared-contracts/server';
import type { Query } from './repo';

/** Serialises orders by id in the public Order shape (the orders module's serializer). */
export type OrdersById = (orderIds: string[]) => Promise<Order[]>;

export interface OrderHistoryPage {
  items: Order[];
  total: number;
  page: number;
  perPage: number;
}

export function createOrderHistory(q: Query, ordersById: OrdersById) {
  return async (userId: number, page: number, perPage: number): Promise<OrderHistoryPage> => {
    const [{ total }] = await q<{ total: number | string }>(`SELECT count(*) AS total FROM orders WHERE user_id = $1`, [userId]);
    const rows = await q<{ order_id: string }>(`SELECT order_id FROM orders WHERE user_id = $1 ORDER BY created_at DESC, order_id DESC LIMIT $2 OFFSET $3`, [
      userId,
      perPage,
      (page - 1) * perPage,
    ]);
    const ids = rows.map((r) => r.order_id);
    const byId = new Map((await ordersById(ids)).map((o) => [o.orderId, o]));
    return { items: ids.flatMap((id) => byId.get(id) ?? []), total: Number(total), page, perPage };
  };
}
