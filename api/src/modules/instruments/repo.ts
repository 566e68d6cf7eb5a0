// Instruments read from the database and held in memory: the catalogue is small and changes rarely,
// and the rate endpoint must not hit the database per request (DESIGN.md performance budget).
import { D } from '../../lib/decimal';
import { asc } from 'drizzle-orm';
import type { Instrument } from 'shared-contracts/server';
import type { Db } from '../../db/client';
import { instruments, type InstrumentRow } from '../../db/schema';
import { chainDetails } from './catalogue';

export interface InstrumentRecord {
  /** The §3 shape sent to clients, built once per load. */
  readonly public: Instrument;
  readonly slug: string;
  readonly currencyTitle: string;
  readonly networkTitle: string;
  readonly bestChangeName: string;
  readonly isFiat: boolean;
  readonly isActive: boolean;
  readonly provider: Instrument['provider'];
  readonly precisionDecimals: number;
  readonly addressValidator: string | null;
  readonly requiredConfirmations: number;
  /** Payout network fee, in units of this instrument. */
  readonly networkFee: D;
  readonly minDepositUsd: D;
  readonly maxDepositUsd: D;
}

export interface InstrumentRepo {
  /** Reloads the cache from the database. */
  load(): Promise<void>;
  all(): readonly InstrumentRecord[];
  bySlug(slug: string): InstrumentRecord | undefined;
  byBestChangeName(name: string): InstrumentRecord | undefined;
  byTitles(currencyTitle: string, networkTitle: string): InstrumentRecord | undefined;
}

export function toRecord(r: InstrumentRow): InstrumentRecord {
  return {
    public: {
      currencyTitle: r.currencyTitle,
      networkTitle: r.networkTitle,
      slug: r.slug,
      bestChangeName: r.bestChangeName,
      currencyFriendlyTitle: r.currencyFriendlyTitle,
      currencyLogoLink: r.currencyLogoLink,
      instrumentType: r.instrumentType,
      requiresMemo: r.requiresMemo,
      precisionDecimals: r.precisionDecimals,
      provider: r.provider,
      isActive: r.isActive,
      ...(r.instrumentType === 'crypto' ? chainDetails(r.slug, r.networkTitle) : {}),
    },
    slug: r.slug,
    currencyTitle: r.currencyTitle,
    networkTitle: r.networkTitle,
    bestChangeName: r.bestChangeName,
    isFiat: r.instrumentType === 'fiat',
    isActive: r.isActive,
    provider: r.provider,
    precisionDecimals: r.precisionDecimals,
    addressValidator: r.addressValidator,
    requiredConfirmations: r.requiredConfirmations,
    networkFee: new D(r.networkFee),
    minDepositUsd: new D(r.minDepositUsd),
    maxDepositUsd: new D(r.maxDepositUsd),
  };
}

const titlesKey = (c: string, n: string) => `${c.toUpperCase()}\u0000${n.toUpperCase()}`;

/** An in-memory repo over a fixed list (tests) — also the cache of the database repo. */
export function createStaticInstrumentRepo(records: InstrumentRecord[], reload?: () => Promise<InstrumentRecord[]>): InstrumentRepo {
  let list: readonly InstrumentRecord[] = [];
  let slugs = new Map<string, InstrumentRecord>();
  let names = new Map<string, InstrumentRecord>();
  let titles = new Map<string, InstrumentRecord>();
  const set = (rs: InstrumentRecord[]) => {
    list = rs;
    slugs = new Map(rs.map((r) => [r.slug, r]));
    names = new Map(rs.map((r) => [r.bestChangeName.toUpperCase(), r]));
    titles = new Map(rs.map((r) => [titlesKey(r.currencyTitle, r.networkTitle), r]));
  };
  set(records);
  return {
    load: async () => {
      if (reload) set(await reload());
    },
    all: () => list,
    bySlug: (slug) => slugs.get(slug),
    byBestChangeName: (name) => names.get(name.toUpperCase()),
    byTitles: (c, n) => titles.get(titlesKey(c, n)),
  };
}

export async function createInstrumentRepo(db: Db): Promise<InstrumentRepo> {
  const repo = createStaticInstrumentRepo([], async () => {
    const rows = await db.select().from(instruments).orderBy(asc(instruments.sortOrder), asc(instruments.slug));
    return rows.map(toRecord);
  });
  await repo.load();
  return repo;
}
