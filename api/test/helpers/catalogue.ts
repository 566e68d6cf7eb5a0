import { INSTRUMENT_CATALOGUE } from '../../src/modules/instruments/catalogue';
import { createStaticInstrumentRepo, toRecord, type InstrumentRepo } from '../../src/modules/instruments/repo';
import type { InstrumentRow } from '../../src/db/schema';

/** The seed catalogue as an in-memory repo (no database). */
export function catalogueRepo(): InstrumentRepo {
  const now = new Date();
  const rows: InstrumentRow[] = INSTRUMENT_CATALOGUE.map((r) => ({
    requiresMemo: false,
    isActive: true,
    addressValidator: null,
    requiredConfirmations: 0,
    networkFee: '0',
    sortOrder: 0,
    createdAt: now,
    updatedAt: now,
    ...r,
  }));
  return createStaticInstrumentRepo(rows.map(toRecord));
}
