// Issue 29: signed receipts. GET /api/v1/orders/public/receipt answers a completed or refunded order's receipt (a
// compact JWS, EdDSA over Ed25519, signed once and stored: service.ts), named by the order's id and destination
// address like public-info (route-table auth 'none', no rate limit of its own, as public-info; `no-store`, as every
// /api/v1/orders/ answer). GET /.well-known/receipt-keys.json is the JWKS of every key that ever signed one
// (keys.ts: a new key every RECEIPT_KEY_ROTATION_DAYS, private keys sealed with DATA_ENCRYPTION_KEY), public and
// cacheable for five minutes. Logged: the order id and kid of a receipt when it is signed; never a key.
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from 'shared-contracts/server';
import type { ModuleConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { queryOf } from '../../db/query';
import { registerRoute, type RegisterOptions } from '../../http/registerRoute';
import { createSecretBox } from '../../lib/secretBox';
import { resolveDataEncryptionKey } from '../accounts';
import { createReceiptKeyStore } from './keys';
import type { InstrumentNames } from './payload';
import { createReceiptService } from './service';

/** Verifiers fetch the key set again when a receipt names a kid they do not have (content/docs verifying-receipts). */
const KEYS_CACHE_CONTROL = 'public, max-age=300';
/** The issuer when PUBLIC_ORIGIN is not set (development), as the orders module's links. */
const DEV_SITE_ORIGIN = 'http://localhost:8080';

export interface ReceiptsModuleDeps {
  db: DbHandle;
  /** The names of an order's instruments (every instrument, offered or not: an old order may name a retired one). */
  instrument: (slug: string) => InstrumentNames | undefined;
  /** The site's origin (PUBLIC_ORIGIN's first): the receipts' issuer. */
  siteOrigin?: string;
}

export async function registerReceiptsModule(
  app: FastifyInstance,
  config: ModuleConfig<'receipts'>,
  deps: ReceiptsModuleDeps,
  opts: RegisterOptions,
): Promise<void> {
  const query = queryOf(deps.db);
  const box = createSecretBox(await resolveDataEncryptionKey(config, deps.db, (msg) => app.log.warn(msg)));
  const keys = createReceiptKeyStore({ query, box, rotationDays: config.receipts.keyRotationDays });
  const receipts = createReceiptService({
    db: deps.db,
    query,
    keys,
    issuer: deps.siteOrigin ?? DEV_SITE_ORIGIN,
    instrument: deps.instrument,
    onSigned: (orderId, kid) => app.log.info({ orderId, kid }, 'receipt signed'),
  });

  registerRoute(app, apiRoutes.orderReceipt, ({ query: q }) => receipts.receipt(q.orderId, q.destinationAddress), opts);
  registerRoute(
    app,
    apiRoutes.receiptKeys,
    async ({ reply }) => {
      reply.header('cache-control', KEYS_CACHE_CONTROL);
      return keys.keySet();
    },
    opts,
  );
}
