// Issue 29: an order's receipt. Named by order id and destination address like every customer call (the pair is the
// credential: a wrong id or a wrong address get the same ERR_NOT_FOUND_E, modules/orders/customerActions.ts); an
// order neither COMPLETED nor REFUNDED has none yet (ERR_UNPROCESSABLE_ENTITY, the catalogue's wrong-state answer).
// Signed once, the first time it is asked for, and stored: a concurrent first request keeps whichever was stored
// first, so every answer carries the same bytes.
import { eq } from 'drizzle-orm';
import { CompactSign } from 'jose';
import { ApiError, RECEIPT_JWS_TYPE, type Receipt, ReceiptPayloadSchema } from 'shared-contracts/server';
import type { DbHandle } from '../../db/client';
import type { Query } from '../../db/query';
import { type OrderRow, orders } from '../../db/schema';
import type { ReceiptKeyStore } from './keys';
import { type InstrumentNames, receiptPayload } from './payload';

const FINISHED = new Set(['COMPLETED', 'REFUNDED']);

export interface ReceiptService {
  receipt(orderId: string, destinationAddress: string): Promise<Receipt>;
}

const notFoundE = () => ApiError.of('ERR_NOT_FOUND_E', 'Order not found');

/** The payload of a compact JWS, decoded (the bytes the signature covers). */
function payloadOf(jws: string): unknown {
  return JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export function createReceiptService(deps: {
  db: DbHandle;
  query: Query;
  keys: ReceiptKeyStore;
  issuer: string;
  instrument: (slug: string) => InstrumentNames | undefined;
  /** Told of each receipt signed (the module logs its order id and kid). */
  onSigned?: (orderId: string, kid: string) => void;
  now?: () => Date;
}): ReceiptService {
  const { query, keys } = deps;
  const now = deps.now ?? (() => new Date());

  async function stored(orderId: string): Promise<{ kid: string; jws: string } | undefined> {
    const [row] = await query<{ kid: string; jws: string }>(`SELECT kid, jws FROM order_receipts WHERE order_id = $1`, [orderId]);
    return row;
  }

  async function sign(row: OrderRow): Promise<{ kid: string; jws: string }> {
    const payload = receiptPayload(row, { issuer: deps.issuer, issuedAt: now(), instrument: deps.instrument });
    const key = await keys.signingKey();
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: RECEIPT_JWS_TYPE })
      .sign(key.privateKey);
    await query(`INSERT INTO order_receipts (order_id, kid, jws) VALUES ($1, $2, $3) ON CONFLICT (order_id) DO NOTHING`, [row.orderId, key.kid, jws]);
    deps.onSigned?.(row.orderId, key.kid);
    // A concurrent first request may have stored its own: the stored one is the receipt.
    return (await stored(row.orderId)) ?? { kid: key.kid, jws };
  }

  return {
    async receipt(orderId, destinationAddress) {
      const [row] = await deps.db.db.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
      if (!row || row.destinationAddress !== destinationAddress.trim()) throw notFoundE();
      if (!FINISHED.has(row.status)) {
        throw ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Order ${orderId} has no receipt in state ${row.status}: only a completed or refunded order has one`, {
          details: { status: row.status },
        });
      }
      const { kid, jws } = (await stored(orderId)) ?? (await sign(row));
      return { orderId, kid, jws, payload: ReceiptPayloadSchema.parse(payloadOf(jws)) };
    },
  };
}
