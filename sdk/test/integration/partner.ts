// A partner integration written from the published docs only, with a third-party generator: the types are
// openapi-typescript's output for the OpenAPI document (src/generated/schema.ts, exactly what `npx openapi-typescript
// https://…/api/v1/openapi.json` writes) and the calls go through openapi-fetch. No SDK helper, no cast, no hand-written
// type: every header it sends on a call (x-api-key, Idempotency-Key, X-Signature, X-Timestamp, X-Nonce) is a typed
// parameter of that operation, and the signature is computed as /docs/authentication describes. test/generated.test.ts compiles this file with
// `tsc --strict` (and more: tsconfig.json beside it); test/sandbox.test.ts runs it against the sandbox.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import createClient, { createQuerySerializer } from 'openapi-fetch';
import type { components, paths } from '../../src/generated/schema.js';

type Order = components['schemas']['Order'];
type PairData = components['schemas']['PairData'];
type PartnerHeaders = NonNullable<paths['/api/partner/v1/rates']['get']['parameters']['header']>;

export interface PartnerSettings {
  baseUrl: string;
  /** cfk_…: the `apiKeyAuth` security scheme's header. */
  apiKey: string;
  /** cfs_…: signs every request (/docs/authentication). */
  signingSecret: string;
}

/** X-Signature = hex HMAC-SHA256(signing secret, METHOD \n PATH_AND_QUERY \n X-Timestamp \n X-Nonce \n BODY). */
function sign(settings: PartnerSettings, method: string, pathAndQuery: string, body: string): Required<PartnerHeaders> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', settings.signingSecret).update([method, pathAndQuery, timestamp, nonce, body].join('\n')).digest('hex');
  return { 'x-api-key': settings.apiKey, 'X-Signature': signature, 'X-Timestamp': timestamp, 'X-Nonce': nonce };
}

export async function exchangeOnce(
  settings: PartnerSettings,
  order: { from: string; to: string; amount: string; destinationAddress: string },
): Promise<{ quote: PairData; created: Order; retried: Order; read: Order }> {
  const client = createClient<paths>({ baseUrl: settings.baseUrl });

  // 1. A quote: the query is signed as the request line carries it (serialized as openapi-fetch serializes it).
  const query: paths['/api/partner/v1/rates']['get']['parameters']['query'] = {
    instrumentFromSlug: order.from,
    instrumentToSlug: order.to,
    claimedDepositAmount: order.amount,
    rateMode: 'FLOATING',
  };
  const search = createQuerySerializer<typeof query>()(query);
  const quoted = await client.GET('/api/partner/v1/rates', {
    params: { query, header: sign(settings, 'GET', `/api/partner/v1/rates?${search}`, '') },
  });
  if (quoted.error !== undefined) throw new Error(`quote refused: ${quoted.error.code} ${quoted.error.message}`);
  const quote = quoted.data;

  // 2. The order, with an Idempotency-Key kept for retries; sent twice, as a retry after a lost answer would be.
  const [from, to] = [quote.instrumentFrom, quote.instrumentTo];
  const body: components['schemas']['PartnerCreateOrderRequestInput'] = {
    rateMode: 'FLOATING',
    instrumentFrom: { currencyTitle: from.currencyTitle, networkTitle: from.networkTitle },
    instrumentTo: { currencyTitle: to.currencyTitle, networkTitle: to.networkTitle },
    destinationAddress: order.destinationAddress,
    claimedDepositAmount: order.amount,
  };
  const idempotencyKey = randomUUID();
  const create = () =>
    client.POST('/api/partner/v1/orders', {
      params: { header: { 'Idempotency-Key': idempotencyKey, ...sign(settings, 'POST', '/api/partner/v1/orders', JSON.stringify(body)) } },
      body,
    });
  const first = await create();
  if (first.error !== undefined) throw new Error(`order refused: ${first.error.code} ${first.error.message}`);
  const again = await create();
  if (again.error !== undefined) throw new Error(`retry refused: ${again.error.code} ${again.error.message}`);

  // 3. The order read back.
  const orderId = first.data.orderId;
  const read = await client.GET('/api/partner/v1/orders/{orderId}', {
    params: { path: { orderId }, header: sign(settings, 'GET', `/api/partner/v1/orders/${encodeURIComponent(orderId)}`, '') },
  });
  if (read.error !== undefined) throw new Error(`read refused: ${read.error.code} ${read.error.message}`);
  return { quote, created: first.data, retried: again.data, read: read.data };
}
