// Idempotent seed of the instrument catalogue: reference data is upserted on every start; is_active is
// only set on insert, so an operator's deactivation survives restarts.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { instruments, type NewInstrumentRow } from '../../db/schema';
import { INSTRUMENT_CATALOGUE } from './catalogue';

export async function seedInstruments(db: Db, rows: NewInstrumentRow[] = INSTRUMENT_CATALOGUE): Promise<void> {
  await db
    .insert(instruments)
    .values(rows)
    .onConflictDoUpdate({
      target: instruments.slug,
      set: {
        currencyTitle: sql`excluded.currency_title`,
        networkTitle: sql`excluded.network_title`,
        bestChangeName: sql`excluded.best_change_name`,
        currencyFriendlyTitle: sql`excluded.currency_friendly_title`,
        currencyLogoLink: sql`excluded.currency_logo_link`,
        instrumentType: sql`excluded.instrument_type`,
        requiresMemo: sql`excluded.requires_memo`,
        precisionDecimals: sql`excluded.precision_decimals`,
        provider: sql`excluded.provider`,
        addressValidator: sql`excluded.address_validator`,
        requiredConfirmations: sql`excluded.required_confirmations`,
        networkFee: sql`excluded.network_fee`,
        minDepositUsd: sql`excluded.min_deposit_usd`,
        maxDepositUsd: sql`excluded.max_deposit_usd`,
        sortOrder: sql`excluded.sort_order`,
        updatedAt: sql`now()`,
      },
    });
}
