// What every part of the order service shares: its dependencies, the clock and log, instrument lookup,
// and the §8 errors the parts raise.
import { ApiError, type ExchangeRequest, type InstrumentRef, type PairData } from 'shared-contracts/server';
import type { CustodyAdapter } from '../../adapters/custody/types';
import type { ProviderAdapter } from '../../adapters/provider/types';
import type { MessageBus } from '../../bus/types';
import type { ModuleConfig } from '../../config';
import type { OrderRow } from '../../db/schema';
import type { PriceBoard } from '../../realtime/types';
import type { EstimateFor } from '../estimates';
import type { InstrumentRecord, InstrumentRepo, ValidateAddress } from '../instruments';
import { cardProviderFor } from '../provider';
import type { OrderRepo } from './repo';

/** Who may be named as referrer (the affiliates module answers; §8 "referrerAffiliateId" not found). */
export interface ReferrerDirectory {
  exists(referrerId: string): Promise<boolean>;
  /** The account a referrer id belongs to (so nobody earns commission on their own orders). */
  ownerOf?(referrerId: string): Promise<number | null>;
  /** The referrer id an account registered with (§7 register `referrerAffiliateId`), if any. */
  referrerOfAccount?(userId: number): Promise<string | null>;
}

type OrdersConfig = Pick<ModuleConfig<'orders'>, 'spread' | 'confirmationIntervalMs' | 'fixedRateVolatilityThreshold' | 'blacklistedAddresses'> &
  Partial<Pick<ModuleConfig<'orders'>, 'newRateOfferTtlMs' | 'cardPaymentExpiryMs' | 'referralsEnabled'>>;

export interface OrderServiceDeps {
  repo: OrderRepo;
  instruments: InstrumentRepo;
  priceBoard: PriceBoard;
  quote: (request: ExchangeRequest) => PairData;
  validateAddress: ValidateAddress;
  custody: CustodyAdapter;
  /** Card providers (modules/provider), by name: card purchases pay through them. None → card orders are refused. */
  providers?: ReadonlyMap<string, ProviderAdapter>;
  bus?: MessageBus;
  referrers?: ReferrerDirectory;
  /** Issue 29: the send network's time estimate (modules/estimates), shown in orderDetails; none → not shown. */
  estimateFor?: EstimateFor;
  config: OrdersConfig;
  now?: () => Date;
  log?: OrderLog;
}

interface OrderLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface OrderContext {
  deps: OrderServiceDeps;
  repo: OrderRepo;
  now: () => Date;
  log: OrderLog;
  /** The instrument an order row names (instrumentBySlug). */
  instrument(slug: string): InstrumentRecord;
  /** An instrument a client names; unknown → ERR_NOT_FOUND naming `field`. */
  resolve(ref: InstrumentRef, field: string): InstrumentRecord;
  /** §8: blacklisted client data → ERR_FORBIDDEN "Client data is blacklisted". */
  isBlacklisted(address: string): boolean;
  /** The card provider a fiat instrument is bought through, or null when card purchases are not available. */
  cardProvider(fiat: InstrumentRecord): ProviderAdapter | null;
}

export const notFoundE = () => ApiError.of('ERR_NOT_FOUND_E', 'Order not found');
export const invalid = (field: string, message: string) => ApiError.of('ERR_VALIDATION', `Invalid body.${field}: ${message}`, { fields: { [field]: message } });
export const wrongState = (row: OrderRow, action: string) =>
  ApiError.of('ERR_UNPROCESSABLE_ENTITY', `Order ${row.orderId} cannot ${action} in state ${row.status}`, { details: { status: row.status } });
export const blacklisted = () => ApiError.of('ERR_FORBIDDEN', 'Client data is blacklisted');

/** An instrument an order row names; orders only reference seeded instruments, so a missing one is a bug. */
export function instrumentBySlug(instruments: InstrumentRepo, slug: string): InstrumentRecord {
  const i = instruments.bySlug(slug);
  if (!i) throw new Error(`order references unknown instrument ${slug}`);
  return i;
}

export function resolveInstrument(instruments: InstrumentRepo, ref: InstrumentRef, field: string): InstrumentRecord {
  const i = instruments.byTitles(ref.currencyTitle, ref.networkTitle);
  if (!i || (ref.slug && ref.slug !== i.slug)) throw ApiError.of('ERR_NOT_FOUND', `${field}: instrument ${ref.currencyTitle} on ${ref.networkTitle} not found`);
  return i;
}

export function createOrderContext(deps: OrderServiceDeps): OrderContext {
  const blacklist = new Set(deps.config.blacklistedAddresses.map((a) => a.toLowerCase()));
  return {
    deps,
    repo: deps.repo,
    now: deps.now ?? (() => new Date()),
    log: deps.log ?? { warn: () => undefined, error: (obj: unknown, msg?: string) => console.error(msg, obj) },
    instrument: (slug) => instrumentBySlug(deps.instruments, slug),
    resolve: (ref, field) => resolveInstrument(deps.instruments, ref, field),
    isBlacklisted: (address) => blacklist.has(address.toLowerCase()),
    cardProvider: (fiat) => cardProviderFor(deps.providers, fiat),
  };
}
