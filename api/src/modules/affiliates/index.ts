// The affiliates module (issue 11): the double-entry ledger of the account's money, referrer ids, commission and
// cashback on completed orders, balances, and USDT withdrawals paid out through the custody adapter.
import type { FastifyInstance } from 'fastify';
import type { CustodyAdapter } from '../../adapters/custody/types';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import type { RegisterOptions } from '../../http/registerRoute';
import type { PriceBoard } from '../../realtime/types';
import type { InstrumentRepo } from '../instruments/repo';
import type { ReferrerDirectory } from '../orders';

export interface AffiliatesModuleDeps {
  db: DbHandle;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  custody: CustodyAdapter;
}

export interface AffiliatesModule {
  /** Referrer ids for order creation (§8 unknown referrerAffiliateId, self-referral, registration's referrer). */
  referrers: ReferrerDirectory;
  /** The account's referrer id, made on first use. */
  referrerIdOf(userId: number): Promise<string>;
  /** Cashback each of these orders earned its account (USDT), for the order history. */
  cashbackOf(orderIds: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

export function registerAffiliatesModule(_app: FastifyInstance, _config: Config, _deps: AffiliatesModuleDeps, _opts: RegisterOptions): AffiliatesModule {
  // Placeholder until the module is built: no referrer is known.
  return {
    referrers: { exists: async () => false },
    referrerIdOf: async () => {
      throw new Error('affiliates module: not built yet');
    },
    cashbackOf: async () => new Map(),
  };
}
