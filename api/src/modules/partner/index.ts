// The partner API (issue 11): API keys of the account (§7 generate/list/update/delete), the key-authenticated
// partner routes (x-api-key, optional HMAC signature, IP allow-list, per-key limits in RateLimit-* headers) and
// signed webhooks of order status changes with retries and a delivery log.
import type { FastifyInstance } from 'fastify';
import type { ExchangeRequest, PairData } from 'shared-contracts/server';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { InstrumentRepo } from '../instruments/repo';
import type { OrderService } from '../orders';

export interface PartnerModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  quote: (request: ExchangeRequest) => PairData;
  orders: OrderService;
  /** The key owner's referrer id: a partner's orders earn its owner the affiliate commission. */
  referrerIdOf(userId: number): Promise<string>;
  /** Prefix of the per-key rate-limit keys in Redis (tests isolate their runs). */
  rateLimitPrefix?: string;
}

export async function registerPartnerModule(_app: FastifyInstance, _config: Config, _deps: PartnerModuleDeps, _opts: RegisterOptions): Promise<void> {
  // Placeholder until the module is built.
}
