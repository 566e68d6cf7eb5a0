// Order history of the signed-in user (§2 /profile/history): only orders.user_id = the user, newest first.
import Decimal from 'decimal.js';
import type { Order } from 'shared-contracts/server';
import { money } from '../../lib/decimal';
import type { Query } from '../../db/query';

/** Serialises orders by id in the public Order shape (the orders module's serializer). */
export type OrdersById = (orderIds: string[]) => Promise<Order[]>;

export interface OrderHistoryPage {
  /** `cashback`: what the order earned the account in USDT (issue 11 ledger), null when nothing (yet). */
  items: Array<Order & { cashback: string | null }>;
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
    const cashback = new Map<string, string>();
    if (ids.length) {
      const placeholders = ids.map((_, i) => `$${i + 2}`).join(', ');
      const credited = await q<{ order_id: string; amount: string }>(
        `SELECT order_id, amount FROM ledger_transfers WHERE kind = 'CASHBACK' AND user_id = $1 AND order_id IN (${placeholders})`,
        [userId, ...ids],
      );
      for (const c of credited) cashback.set(c.order_id, money(c.amount, 6, Decimal.ROUND_DOWN));
    }
    const items = ids.flatMap((id) => {
      const o = byId.get(id);
      return o ? [{ ...o, cashback: cashback.get(id) ?? null }] : [];
    });
    return { items, total: Number(total), page, perPage };
  };
}
