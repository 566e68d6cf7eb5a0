// Issue 29: an order's signed receipt (named by id and destination address, like the other customer calls) and the
// public keys that verify it. Each call declared once (defineRoutes.ts); routeTable.ts puts the domains together.
import { TIMEOUTS_MS } from '../../constants';
import { defineRoutes } from '../../defineRoutes';

export const receiptRoutes = defineRoutes({
  orderReceipt: {
    method: 'GET',
    path: '/api/v1/orders/public/receipt',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary:
      'The signed receipt of a completed or refunded order, named by its id and destination address: a compact JWS (EdDSA, Ed25519) verified with the key of its kid at /.well-known/receipt-keys.json',
    schemas: ({ s }) => ({ query: s.OrderLookupQuerySchema, response: s.ReceiptSchema }),
  },
  receiptKeys: {
    method: 'GET',
    path: '/.well-known/receipt-keys.json',
    tag: 'orders',
    auth: 'none',
    timeoutMs: TIMEOUTS_MS.default,
    summary: 'The public keys of order receipts (JWKS): every key that signed a receipt, the current one first',
    schemas: ({ s }) => ({ response: s.ReceiptKeySetSchema }),
  },
});
