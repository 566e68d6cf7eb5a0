// The partner API operations the try-it console offers (route table `partner*`, auth `partner`: the x-api-key header;
// api/src/modules/partner/). Method and path come from the route table, so a moved route moves here too.
import { routeTable } from 'shared-contracts';

export type TryItOperationId = 'partnerPairs' | 'partnerRate' | 'partnerOrderCreate' | 'partnerOrder' | 'partnerOrders';

export interface TryItOperation {
  id: TryItOperationId;
  method: 'GET' | 'POST';
  /** With `:name` path parameters. */
  path: string;
  /** Path parameter names, in order. */
  params: readonly string[];
  /** What the JSON editor edits: the query string, the request body, or nothing. */
  input: 'none' | 'query' | 'body';
  /** The editor's first text. */
  sample: string;
  /** Sends an Idempotency-Key header (order creation requires one). */
  idempotent: boolean;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function operation(id: TryItOperationId, input: TryItOperation['input'], sample: unknown, idempotent = false): TryItOperation {
  const { method, path } = routeTable[id];
  return {
    id,
    method: method as TryItOperation['method'],
    path,
    params: [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]),
    input,
    sample: input === 'none' ? '' : pretty(sample),
    idempotent,
  };
}

/** A sandbox order: BTC in, ETH out to a well-formed address, a floating rate. */
const SAMPLE_ORDER = {
  rateMode: 'FLOATING',
  instrumentFrom: { currencyTitle: 'BTC', networkTitle: 'BTC' },
  instrumentTo: { currencyTitle: 'ETH', networkTitle: 'ETH' },
  destinationAddress: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe',
  claimedDepositAmount: '0.01',
};

export const TRY_IT_OPERATIONS: readonly TryItOperation[] = [
  operation('partnerPairs', 'none', null),
  operation('partnerRate', 'query', { instrumentFromSlug: 'btc', instrumentToSlug: 'eth', claimedDepositAmount: '0.01', rateMode: 'FLOATING' }),
  operation('partnerOrderCreate', 'body', SAMPLE_ORDER, true),
  operation('partnerOrder', 'none', null),
  operation('partnerOrders', 'query', { page: 1, perPage: 20 }),
];

export function operationById(id: string): TryItOperation {
  return TRY_IT_OPERATIONS.find((o) => o.id === id) ?? TRY_IT_OPERATIONS[0];
}
