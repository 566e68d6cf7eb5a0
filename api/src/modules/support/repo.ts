// SQL of support requests (migration 0014) and the order lookup's one probe of orders by deposit transaction hash.
import type { DbHandle } from '../../db/client';
import type { OutboxTx } from '../../outbox';

export interface NewSupportRequest {
  ticketId: string;
  email: string;
  subject: string | null;
  message: string;
  orderId: string | null;
  userId: number | null;
  locale: string;
}

export interface OrderContact {
  orderId: string;
  destinationAddress: string;
  /** The order's email, else its account's; null when the order has neither. */
  email: string | null;
}

export function createSupportRepo(db: DbHandle) {
  const query = <T>(sql: string, params: unknown[]) => db.withSession((s) => s.query<T>(sql, params));
  return {
    async orderExists(orderId: string): Promise<boolean> {
      return (await query('SELECT 1 FROM orders WHERE order_id = $1', [orderId])).length > 0;
    },
    /** False when the ticket id is taken (the caller draws another). `tx`: inside the caller's transaction. */
    async insert(r: NewSupportRequest, tx?: OutboxTx): Promise<boolean> {
      const rows = await (tx ? tx.query.bind(tx) : query)(
        `INSERT INTO support_requests (ticket_id, email, subject, message, order_id, user_id, locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (ticket_id) DO NOTHING RETURNING id`,
        [r.ticketId, r.email, r.subject, r.message, r.orderId, r.userId, r.locale],
      );
      return rows.length > 0;
    },
    async findOrderByDepositTx(txHash: string): Promise<OrderContact | null> {
      const [row] = await query<{ order_id: string; destination_address: string; email: string | null }>(
        `SELECT o.order_id, o.destination_address, COALESCE(o.user_email, u.email) AS email
           FROM orders o LEFT JOIN users u ON u.id = o.user_id
          WHERE o.deposit_tx_hash = $1
          ORDER BY o.created_at DESC LIMIT 1`,
        [txHash],
      );
      return row ? { orderId: row.order_id, destinationAddress: row.destination_address, email: row.email } : null;
    },
  };
}
export type SupportRepo = ReturnType<typeof createSupportRepo>;
