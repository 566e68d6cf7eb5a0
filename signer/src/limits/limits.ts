// Per-asset payout limits: one payout and one UTC day. An asset without an entry is not paid out at all.
import { z } from 'zod';
import type { EvmAsset } from '../client';

export interface AssetLimits {
  perPayout: bigint;
  perDay: bigint;
}

/** 'native' or an ERC-20 contract in lowercase → its limits. */
export type Limits = ReadonlyMap<string, AssetLimits>;

/** The key an asset has in limits, balances and the daily sums. */
export function assetId(asset: EvmAsset): string {
  return asset.kind === 'native' ? 'native' : asset.contract.toLowerCase();
}

const baseUnits = z.string().regex(/^\d+$/, 'base units as an integer string');
const limitsSchema = z.record(
  z.string().regex(/^(native|0x[0-9a-fA-F]{40})$/, '"native" or a 0x contract address'),
  z.object({ perPayout: baseUnits, perDay: baseUnits }).strict(),
);

/** SIGNER_LIMITS: `{"native":{"perPayout":"…","perDay":"…"},"0x<contract>":{…}}`. Throws with a readable message. */
export function parseLimits(json: string): Limits {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('not valid JSON');
  }
  const parsed = limitsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const limits = new Map<string, AssetLimits>();
  for (const [asset, { perPayout, perDay }] of Object.entries(parsed.data)) {
    limits.set(asset.toLowerCase(), { perPayout: BigInt(perPayout), perDay: BigInt(perDay) });
  }
  return limits;
}

/** 'YYYY-MM-DD' of an instant in UTC: the day a payout counts toward. */
export function utcDay(at: Date | string): string {
  return (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10);
}

export type LimitDecision = { ok: true } | { ok: false; reason: string };

/**
 * Whether a payout of `amount` fits: at most `perPayout`, and with `spentToday` (the asset's payouts already signed
 * this UTC day) at most `perDay`. The caller has checked the asset has limits.
 */
export function checkLimits(limits: AssetLimits, amount: bigint, spentToday: bigint): LimitDecision {
  if (amount > limits.perPayout) return { ok: false, reason: 'over the per-payout limit' };
  if (spentToday + amount > limits.perDay) return { ok: false, reason: 'over the per-day limit' };
  return { ok: true };
}
